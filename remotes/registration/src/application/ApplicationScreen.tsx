import {
  Alert,
  Button,
  fill,
  formatMoney,
  isDeclinedLoanStatus,
  isOpenLoanStatus,
  type LoanChoice,
  type LoanView,
  loanAtom,
  loanChoiceAtom,
  messages,
  PATHS,
  type ScreenProps,
} from '@credimo/shared';
import { application as texts } from '@credimo/shared/i18n/screens/application';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { narrowScreen } from '../screen';
import { type ApplyOutcome, applyOnce } from './apply';

/**
 * The registration application step (/registration/application-change): creates the
 * application from the calculator's choice, once; without a choice the calculator below asks for one.
 */
export function ApplicationScreen({ navigate }: ScreenProps) {
  const loan = useAtomValue(loanAtom);
  const choice = useAtomValue(loanChoiceAtom);
  if (choice && (!loan || !isOpenLoanStatus(loan.status))) return <Applying choice={choice} />;
  if (loan && isOpenLoanStatus(loan.status)) return <Created loan={loan} />;
  if (loan && isDeclinedLoanStatus(loan.status)) return <Declined onAccount={() => navigate(PATHS.account)} />;
  return (
    <section className={narrowScreen} data-screen="registrationApplication" aria-labelledby="application-title">
      <h1 id="application-title">{texts.chooseTitle}</h1>
      <p>{texts.chooseBody}</p>
    </section>
  );
}

function Applying({ choice }: { choice: LoanChoice }) {
  const [outcome, setOutcome] = useState<ApplyOutcome | null>(null);
  useEffect(() => {
    let live = true;
    setOutcome(null);
    void applyOnce(choice).then((result) => live && setOutcome(result));
    return () => {
      live = false;
    };
  }, [choice]);
  // The attempt reference is kept, so a retry can never create a second application.
  const retry = () => {
    setOutcome(null);
    void applyOnce(choice).then(setOutcome);
  };
  return (
    <section
      className={narrowScreen}
      data-screen="registrationApplication"
      aria-labelledby="application-title"
      aria-busy={outcome === null}
    >
      <h1 id="application-title">{outcome?.kind === 'failed' ? messages.genericError : texts.sendingTitle}</h1>
      <dl>
        <dt>{texts.summaryAmount}</dt>
        <dd>{formatMoney(choice.amount)}</dd>
        <dt>{texts.summaryTerm}</dt>
        <dd>{fill(texts.days, { n: choice.term })}</dd>
      </dl>
      {outcome?.kind === 'failed' && (
        <>
          <Alert tone="error">{outcome.message}</Alert>
          <Button onClick={retry}>{texts.retry}</Button>
        </>
      )}
    </section>
  );
}

/** The application-created view; the waiting page shows it above its countdown (created.ts). */
export function Created({ loan, onWaitingPage = false }: { loan: LoanView; onWaitingPage?: boolean }) {
  // Below the waiting page's own title and reference: a second-level heading, and the reference said once.
  const Heading = onWaitingPage ? 'h2' : 'h1';
  return (
    <section
      className={narrowScreen}
      data-screen="registrationApplicationCreated"
      aria-labelledby={`application-created-${loan.id}`}
    >
      <Heading id={`application-created-${loan.id}`}>{texts.createdTitle}</Heading>
      <p>{texts.createdBody}</p>
      <dl>
        <dt>{texts.summaryAmount}</dt>
        <dd>{formatMoney(loan.request_amount)}</dd>
        <dt>{texts.summaryTerm}</dt>
        <dd>{fill(texts.days, { n: loan.days.total })}</dd>
        <dt>{texts.summaryTotal}</dt>
        <dd>{formatMoney(loan.return_amount)}</dd>
      </dl>
      {!onWaitingPage && <p>{fill(texts.reference, { id: loan.public_id })}</p>}
    </section>
  );
}

/** The declined page: "Lo siento, tu solicitud fue rechazada". */
export function Declined({ onAccount }: { onAccount: () => void }) {
  return (
    <section className={narrowScreen} data-screen="registrationDeclined" aria-labelledby="declined-title">
      <h1 id="declined-title">{messages.applicationDeclined}</h1>
      <p>{texts.declinedBody}</p>
      <Button onClick={onAccount}>{texts.toAccount}</Button>
    </section>
  );
}
