import { Button, fill, PATHS, type ScreenProps, siteContentAtom } from '@credimo/shared';
import { payments as paymentTexts } from '@credimo/shared/i18n/screens/payments';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import styles from './payments.module.css';

/** Why the payment failed page is shown: `?motivo=` from this remote's own navigation, else the provider's return. */
export const FAILED_REASON_PARAM = 'motivo';

const DebtAdvice = lazy(() => import('@credimo/shared/ui/debt-advice'));
export type FailedReason = keyof typeof paymentTexts.failed.what;
export const failedPath = (reason: FailedReason) => `/account/payment/failed?${FAILED_REASON_PARAM}=${reason}`;

/**
 * Payment failed, "Algo salió mal", try again back to the account; it says what failed,
 * that nothing was charged, and what to do next (another card or method, or a call).
 */
export function PaymentFailedScreen({ screen, navigate, query }: ScreenProps) {
  const texts = paymentTexts.failed;
  const phone = useAtomValue(siteContentAtom).contacts.phone;
  const reason: FailedReason = query?.[FAILED_REASON_PARAM] === 'unopened' ? 'unopened' : 'declined';
  return (
    <section
      className={`${styles.screen} ${styles.narrow}`}
      data-screen={screen}
      aria-labelledby="payment-failed-title"
    >
      <h1 id="payment-failed-title">{texts.title}</h1>
      <p>{texts.what[reason]}</p>
      <p>{texts.todo}</p>
      <p>{fill(texts.help, { phone })}</p>
      <div className={styles.actions}>
        <Button onClick={() => navigate(PATHS.account)}>{texts.tryAgain}</Button>
        <Button variant="secondary" onClick={() => navigate(PATHS.repaymentHelp)}>
          {texts.howTo}
        </Button>
      </div>
    </section>
  );
}

/** The static page that explains how to repay the loan. */
export function RepaymentHelpScreen({ screen, navigate }: ScreenProps) {
  const texts = paymentTexts.help;
  return (
    <section className={styles.screen} data-screen={screen} aria-labelledby="repayment-help-title">
      <h1 id="repayment-help-title">{texts.title}</h1>
      <p>{texts.intro}</p>
      <ul>
        {texts.ways.map((way) => (
          <li key={way}>{way}</li>
        ))}
      </ul>
      <p>{texts.order}</p>
      <p>{texts.autoDebit}</p>
      <Suspense fallback={null}>
        <DebtAdvice />
      </Suspense>
      <Button variant="secondary" onClick={() => navigate(PATHS.account)}>
        {texts.account}
      </Button>
    </section>
  );
}
