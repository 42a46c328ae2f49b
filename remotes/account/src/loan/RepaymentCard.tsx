import { amountInputOf, Button, fill, formatMoney, TextField } from '@credimo/shared';
import { PATHS } from '@credimo/shared/app-paths';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useId, useState } from 'react';
import styles from '../account.module.css';
import { snapPayment, typedCents, typedPaymentProblem } from '../rules';
import { useAnswer } from './answer';
import { partialRepayOffer } from './offers';

const t = texts.repayment;

/** What the payment-methods page (payments remote) is handed by the button that leads there. */
export interface PaymentChoice {
  payment_type: 'payoff' | 'partial_repay' | 'prolongation';
  amount: number;
  term?: number;
  promocode?: string;
}

/**
 * The repayment card. A slider from 0.1 EUR to today's total on the step, snapping to the
 * nearest amount, or the amount typed in euros (a slider of thousands of 0,10 € steps cannot be aimed with a
 * finger), checked in cents as the payment request checks it; "Pagar" leads to the payment methods with the amount (all of it is a payoff). The range is read
 * while rendering (offers.ts): the screen shows with the card in place.
 */
export function RepaymentCard({ navigate }: { navigate: (to: string, options?: { state?: unknown }) => void }) {
  const offer = useAnswer(partialRepayOffer);
  const [amount, setAmount] = useState(() => offer?.max ?? 0);
  const [typed, setTyped] = useState(() => amountInputOf(offer?.max ?? 0));
  const [typedError, setTypedError] = useState<string | undefined>(undefined);
  // A new range (a new total, or the range asked again) starts at its whole amount, as the first one did.
  const [ranged, setRanged] = useState(offer);
  if (ranged !== offer) {
    setRanged(offer);
    if (offer) {
      setAmount(offer.max);
      setTyped(amountInputOf(offer.max));
    }
  }
  const sliderId = useId();
  // The slider, "Pagar el total" and a new range set the amount and the typed field together.
  const choose = (cents: number) => {
    setAmount(cents);
    setTyped(amountInputOf(cents));
    setTypedError(undefined);
  };

  if (!offer || offer.has_pending_payment || offer.max < offer.min) return null;
  const type = (value: string) => {
    setTyped(value);
    const problem = typedPaymentProblem(value, offer.max);
    if (problem === null) {
      setAmount(typedCents(value) ?? amount);
      setTypedError(undefined);
    } else if (typedError) {
      // A wrong amount is named when the customer leaves the field or pays, not at every key.
      setTypedError(problem);
    }
  };
  const pay = () => {
    const problem = typedPaymentProblem(typed, offer.max);
    if (problem) {
      setTypedError(problem);
      return;
    }
    const choice: PaymentChoice = { payment_type: amount >= offer.max ? 'payoff' : 'partial_repay', amount };
    navigate(PATHS.accountPaymentMethods, { state: choice });
  };
  return (
    <section className={styles.card} aria-labelledby="repayment-title">
      <h2 id="repayment-title">{t.title}</h2>
      <p>{t.body}</p>
      <label htmlFor={sliderId}>{t.amount}</label>
      <p className={styles.amount} aria-hidden="true">
        {formatMoney(amount)}
      </p>
      <input
        id={sliderId}
        className={styles.slider}
        type="range"
        min={offer.min}
        max={offer.max}
        step={offer.step}
        value={amount}
        aria-valuetext={formatMoney(amount)}
        onChange={(event) => choose(snapPayment(Number(event.target.value), offer))}
      />
      <TextField
        label={t.typed}
        inputMode="decimal"
        autoComplete="off"
        value={typed}
        error={typedError}
        onChange={(event) => type(event.target.value)}
        onBlur={() => setTypedError(typedPaymentProblem(typed, offer.max) ?? undefined)}
      />
      <p className={styles.row}>
        <Button variant="secondary" onClick={() => choose(offer.max)}>
          {t.total}
        </Button>
        <Button onClick={pay}>{fill(t.pay, { amount: formatMoney(amount) })}</Button>
      </p>
      <p>
        <a href={PATHS.repaymentHelp}>{t.howTo}</a>
      </p>
    </section>
  );
}
