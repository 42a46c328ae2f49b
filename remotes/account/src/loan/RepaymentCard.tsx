import { Button, formatMoney, type LoanView } from '@credimo/shared';
import { PATHS } from '@credimo/shared/app-paths';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useEffect, useId, useState } from 'react';
import styles from '../account.module.css';
import { snapPayment } from '../rules';
import { partialRepayOffers, repaymentKey } from './offers';

const t = texts.repayment;

/** What the payment-methods page (payments remote) is handed by the button that leads there (SPEC section 2). */
export interface PaymentChoice {
  payment_type: 'payoff' | 'partial_repay' | 'prolongation';
  amount: number;
  term?: number;
  promocode?: string;
}

/**
 * SPEC sections 2 and 5: the repayment card. A slider from 0.1 EUR to today's total on the step, snapping to the
 * nearest amount; "Pagar" leads to the payment methods with the amount (all of it is a payoff). The range is read
 * while rendering (offers.ts): the screen shows with the card in place.
 */
export function RepaymentCard({
  loan,
  navigate,
}: {
  loan: LoanView;
  navigate: (to: string, options?: { state?: unknown }) => void;
}) {
  const key = repaymentKey(loan);
  const [offer, setOffer] = useState(() => partialRepayOffers.read(key));
  const [amount, setAmount] = useState(() => offer?.max ?? 0);
  const sliderId = useId();

  // A new total means a new range: asked again after showing (the first one was read while rendering).
  useEffect(() => {
    let live = true;
    partialRepayOffers.refresh(key).then(
      (answer) => {
        if (!live || answer === undefined) return;
        setOffer(answer);
        if (answer) setAmount(answer.max);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [key]);

  if (!offer || offer.has_pending_payment || offer.max < offer.min) return null;
  const pay = () => {
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
        onChange={(event) => setAmount(snapPayment(Number(event.target.value), offer))}
      />
      <p className={styles.row}>
        <Button variant="secondary" onClick={() => setAmount(offer.max)}>
          {t.total}
        </Button>
        <Button onClick={pay}>{t.pay(formatMoney(amount))}</Button>
      </p>
      <p>
        <a href={PATHS.repaymentHelp}>{t.howTo}</a>
      </p>
    </section>
  );
}
