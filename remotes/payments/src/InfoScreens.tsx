import { Button, type ScreenProps } from '@credimo/shared';
import { payments as paymentTexts } from '@credimo/shared/i18n/screens/payments';
import styles from './payments.module.css';

/** SPEC sections 2 and 8: payment failed, "Algo salió mal", try again back to the account. */
export function PaymentFailedScreen({ screen, navigate }: ScreenProps) {
  const texts = paymentTexts.failed;
  return (
    <section
      className={`${styles.screen} ${styles.narrow}`}
      data-screen={screen}
      aria-labelledby="payment-failed-title"
    >
      <h1 id="payment-failed-title">{texts.title}</h1>
      <p>{texts.body}</p>
      <Button onClick={() => navigate('/account')}>{texts.tryAgain}</Button>
    </section>
  );
}

/** SPEC section 2: the static page that explains how to repay the loan. */
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
      <Button variant="secondary" onClick={() => navigate('/account')}>
        {texts.account}
      </Button>
    </section>
  );
}
