import { Button, fill, formatMoney, type LoanView, normaliseApiError, plural, TextField } from '@credimo/shared';
import { PATHS } from '@credimo/shared/app-paths';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { forbearance } from '@credimo/shared/i18n/screens/forbearance';
import { useEffect, useId, useState } from 'react';
import styles from '../account.module.css';
import { accountCalls, type Extension, type ProlongOffer } from '../calls';
import { dueAfterExtension, extensionControl } from '../rules';
import { useAnswer } from './answer';
import { displayDate } from './LoanDetail';
import { defaultTerm, prolongOffer } from './offers';
import type { PaymentChoice } from './RepaymentCard';

const t = texts.prolongation;

/**
 * The prolongation card. The terms on offer as a selector (fewer than 7) or a slider,
 * the chosen term's cost, new due date and what is then due, an optional promo code, and "Prorrogar": a summary
 * first (new due date, cost, what is then due), then the payment methods with the extension's cost.
 */
export function ProlongationCard({
  loan,
  navigate,
}: {
  loan: LoanView;
  navigate: (to: string, options?: { state?: unknown }) => void;
}) {
  const offer = useAnswer(prolongOffer);
  const [term, setTerm] = useState(() => defaultTerm(offer));
  const [promo, setPromo] = useState('');
  const [applied, setApplied] = useState<string | undefined>(undefined);
  const [details, setDetails] = useState<Extension | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  // New terms (a new due date or status, or the terms asked again) start at their default term.
  const [termsOf, setTermsOf] = useState(offer);
  if (termsOf !== offer) {
    setTermsOf(offer);
    setTerm(defaultTerm(offer));
  }
  const controlId = useId();

  useEffect(() => {
    if (term === null) return;
    let live = true;
    accountCalls.prolongDetails(term, applied).then(
      (answer) => {
        if (live) {
          setDetails(answer);
          setError(undefined);
        }
      },
      (failure) => {
        if (!live) return;
        setError(normaliseApiError(failure).message);
        setApplied(undefined);
      },
    );
    return () => {
      live = false;
    };
  }, [term, applied]);

  const terms = offer?.available_extensions ?? [];
  if (!offer || terms.length === 0 || term === null) return null;

  const shown = details && details.term === term ? details : offer.extensions.find((e) => e.term === term);
  const dueThen = dueAfterExtension(loan);

  // An extension is paid by card, Bizum, bank transfer or cash: the payment methods page offers them.
  const choosePayment = (extension: Extension) => {
    const choice: PaymentChoice = {
      payment_type: 'prolongation',
      amount: extension.cost,
      term: extension.term,
      ...(applied ? { promocode: applied } : {}),
    };
    navigate(PATHS.accountPaymentMethods, { state: choice });
  };

  if (confirming && shown) {
    const date = displayDate(shown.next_pay_date);
    return (
      <section className={styles.card} aria-labelledby="prolongation-title">
        <h2 id="prolongation-title">{t.summaryTitle}</h2>
        <p>{fill(t.summary, { days: shown.term, date })}</p>
        <dl className={styles.summary}>
          <dt>{t.nextPayDate}</dt>
          <dd>{date}</dd>
          <dt>{t.payNow}</dt>
          <dd>{formatMoney(shown.cost)}</dd>
          <dt>{fill(t.dueThen, { date })}</dt>
          <dd>{formatMoney(dueThen)}</dd>
        </dl>
        {offer.guardrail && <Guardrail guardrail={offer.guardrail} totalPaid={shown.total_paid} />}
        <div className={styles.row}>
          <Button onClick={() => choosePayment(shown)}>{t.choosePayment}</Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t.back}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.card} aria-labelledby="prolongation-title">
      <h2 id="prolongation-title">{t.title}</h2>
      <p>{t.body}</p>
      <label htmlFor={controlId}>{t.term}</label>
      {extensionControl(terms) === 'select' ? (
        <select id={controlId} value={term} onChange={(event) => setTerm(Number(event.target.value))}>
          {terms.map((days) => (
            <option key={days} value={days}>
              {fill(t.days, { n: days })}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={controlId}
          className={styles.slider}
          type="range"
          min={0}
          max={terms.length - 1}
          step={1}
          value={Math.max(0, terms.indexOf(term))}
          aria-valuetext={fill(t.days, { n: term })}
          onChange={(event) => setTerm(terms[Number(event.target.value)] ?? term)}
        />
      )}
      {shown ? (
        <dl className={styles.summary}>
          <dt>{t.term}</dt>
          <dd>{fill(t.days, { n: shown.term })}</dd>
          <dt>{t.cost}</dt>
          <dd>{formatMoney(shown.cost)}</dd>
          <dt>{t.nextPayDate}</dt>
          <dd>{displayDate(shown.next_pay_date)}</dd>
          <dt>{t.atTheEnd}</dt>
          <dd>{formatMoney(dueThen)}</dd>
        </dl>
      ) : (
        <p>{t.loading}</p>
      )}
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          const code = promo.trim().toUpperCase();
          setApplied(code || undefined);
        }}
      >
        <TextField
          label={t.promocode}
          value={promo}
          maxLength={10}
          error={error}
          onChange={(event) => setPromo(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t.applyPromo}
        </Button>
      </form>
      <Button onClick={() => setConfirming(true)} disabled={!shown}>
        {t.submit}
      </Button>
    </section>
  );
}

const g = forbearance.guardrail;

/** Before each extension: what was paid in extensions so far, what was borrowed and what will have been paid. */
function Guardrail({
  guardrail,
  totalPaid,
}: {
  guardrail: NonNullable<ProlongOffer['guardrail']>;
  totalPaid: number | undefined;
}) {
  return (
    <section aria-labelledby="guardrail-title" data-guardrail={guardrail.extensions}>
      <h3 id="guardrail-title">{g.title}</h3>
      <dl className={styles.summary}>
        <dt>{plural(g.paidInExtensions, guardrail.extensions)}</dt>
        <dd>{formatMoney(guardrail.paid_in_extensions)}</dd>
        <dt>{g.borrowed}</dt>
        <dd>{formatMoney(guardrail.borrowed)}</dd>
        {totalPaid !== undefined && (
          <>
            <dt>{g.totalPaid}</dt>
            <dd>{formatMoney(totalPaid)}</dd>
          </>
        )}
      </dl>
      <p>{plural(g.left, Math.max(0, guardrail.max_extensions - guardrail.extensions - 1))}</p>
    </section>
  );
}
