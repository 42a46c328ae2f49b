import {
  Alert,
  autoDebitStepDoneByCard,
  Button,
  fill,
  formatMoney,
  type LoanView,
  loanAtom,
  loanProgressKind,
  normaliseApiError,
  payoutToOrder,
  refreshUser,
  type ScreenProps,
  SUPPORT_PHONE,
  userAtom,
} from '@credimo/shared';
import { origination as originationTexts } from '@credimo/shared/i18n/screens/origination';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { narrowScreen } from '../screen';
import { originationCalls } from './calls';
import styles from './origination.module.css';
import { USER_POLL_MS } from './poll-times';
import { useUserPolling } from './polling';

const money = originationTexts.moneyOnTheWay;
const failed = originationTexts.payoutFailed;

/**
 * On the account page: money on the way (ContractSigned after the auto-debit step, Processing), which orders the
 * payout, and a bounced payout (ProcessingFail) with its retry. The loan in service and after is the account
 * remote's (remotes/account). Nothing for other loans.
 */
export function LoanProgressScreen({ screen }: ScreenProps) {
  const loan = useAtomValue(loanAtom);
  const user = useAtomValue(userAtom);
  const kind = loanProgressKind(loan, user);
  if (!loan || kind === null) return null;
  if (kind === 'payoutFailed') return <PayoutFailed loan={loan} screen={screen} />;
  return (
    <MoneyOnTheWay
      loan={loan}
      screen={screen}
      due={payoutToOrder(loan, user)}
      byCard={autoDebitStepDoneByCard(loan, user)}
    />
  );
}

function MoneyOnTheWay({
  loan,
  screen,
  due,
  byCard,
}: {
  loan: LoanView;
  screen: string;
  due: boolean;
  byCard: boolean;
}) {
  useUserPolling(USER_POLL_MS.awaiting);
  const [problem, setProblem] = useState<string | null>(null);
  // A refusal is said, with a retry (after a refresh the rules may lead to the auto-debit page instead).
  const order = useCallback(() => {
    setProblem(null);
    const step = byCard ? originationCalls.autodebitComplete(true) : Promise.resolve(null);
    void step
      .then(() => originationCalls.issuance())
      .then(refreshUser)
      .catch((error) => {
        setProblem(normaliseApiError(error).message);
        void refreshUser().catch(() => {});
      });
  }, [byCard]);
  useEffect(() => {
    if (due) order();
  }, [due, order]);
  return (
    <section className={narrowScreen} data-screen={`${screen}:moneyOnTheWay`} aria-labelledby="money-title">
      <h2 id="money-title">{due ? money.signedTitle : money.title}</h2>
      <p>{due ? money.signedBody : money.body}</p>
      <dl className={styles.summary}>
        <dt>{money.amount}</dt>
        <dd>{formatMoney(loan.request_amount)}</dd>
      </dl>
      <p>{fill(money.reference, { id: loan.public_id })}</p>
      {problem && (
        <>
          <Alert tone="error">{problem}</Alert>
          <div className={styles.actions}>
            <Button onClick={order}>{money.retry}</Button>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * ProcessingFail 15: the bank returned the transfer. An application in progress has no status bar, and
 * the payment rule "failed shows a retry screen": the status text, what to check, and a retry that orders a new
 * transfer to the same signed-for account (POST /v2/loan/issuance again).
 */
function PayoutFailed({ loan, screen }: { loan: LoanView; screen: string }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useUserPolling(USER_POLL_MS.awaiting);
  const retry = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await originationCalls.issuance();
      await refreshUser();
    } catch (error) {
      setProblem(normaliseApiError(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={narrowScreen} data-screen={`${screen}:payoutFailed`} aria-labelledby="payout-failed-title">
      <h2 id="payout-failed-title">{failed.title}</h2>
      <Alert tone="error">{loan.status_text}</Alert>
      <p>{failed.body}</p>
      <dl className={styles.summary}>
        <dt>{money.amount}</dt>
        <dd>{formatMoney(loan.request_amount)}</dd>
      </dl>
      <p>{fill(money.reference, { id: loan.public_id })}</p>
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className={styles.actions}>
        <Button onClick={retry} disabled={busy}>
          {failed.retry}
        </Button>
      </div>
      <p className={styles.note}>{fill(failed.help, { phone: SUPPORT_PHONE })}</p>
    </section>
  );
}
