import { Button, LoanStatus, type LoanView, messages, plural } from '@credimo/shared';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useState } from 'react';
import styles from '../account.module.css';
import { DecisionReview } from '../rights/lazy';
import { displayDate } from './LoanDetail';

/** A payment waits for the bank and the processing view is on: every payment action waits. */
export function ProcessingCard() {
  return (
    <section className={`${styles.card} ${styles.warning}`} aria-labelledby="processing-title" aria-live="polite">
      <h2 id="processing-title">{texts.processing.title}</h2>
      <p>{texts.processing.body}</p>
    </section>
  );
}

/** The review card after repayment. */
export function ReviewCard() {
  const [stars, setStars] = useState<number | null>(null);
  const t = texts.review;
  return (
    <section className={styles.card} aria-labelledby="review-title">
      <h2 id="review-title">{t.title}</h2>
      <p>{t.body}</p>
      {stars === null ? (
        <fieldset>
          <legend>{t.rate}</legend>
          <div className={styles.stars}>
            {[1, 2, 3, 4, 5].map((n) => (
              <Button key={n} variant="secondary" aria-label={plural(t.stars, n)} onClick={() => setStars(n)}>
                <span aria-hidden="true">{'★'.repeat(n)}</span>
              </Button>
            ))}
          </div>
        </fieldset>
      ) : (
        <p role="status">{t.thanks}</p>
      )}
      <p className={styles.muted}>{t.again}</p>
    </section>
  );
}

/**
 * The declined text ("Lo siento, tu solicitud fue rechazada") for a refused (or timed-out) application, then the
 * refusal's reasons and the request for a person's review; the calculator below offers a new one.
 */
export function DeclinedCard() {
  return (
    <>
      <section className={`${styles.card} ${styles.warning}`} aria-labelledby="declined-title">
        <h2 id="declined-title">{messages.applicationDeclined}</h2>
        <p>{texts.declined.body}</p>
      </section>
      <DecisionReview />
    </>
  );
}

/**
 * A sold (27) or presale (28) loan shows the buyer's data and payment requisites instead of
 * amounts (the cession notice).
 */
export function CessionCard({ loan }: { loan: LoanView }) {
  const t = texts.cession;
  const cession = loan.cession_portfolio;
  return (
    <section className={`${styles.card} ${styles.warning}`} aria-labelledby="cession-title">
      <h2 id="cession-title">{loan.status === LoanStatus.Presale ? t.presaleTitle : t.title}</h2>
      <p>{loan.status === LoanStatus.Presale ? t.presaleBody : t.body}</p>
      <dl className={styles.summary}>
        <dt>{texts.loan.reference}</dt>
        <dd>{loan.public_id}</dd>
        <dt>{texts.loan.status}</dt>
        <dd>{loan.status_text}</dd>
        {cession?.sold_date && (
          <>
            <dt>{t.soldDate}</dt>
            <dd>{displayDate(cession.sold_date)}</dd>
          </>
        )}
      </dl>
      {cession && (
        <>
          <h3>{t.buyer}</h3>
          <dl className={styles.summary}>
            <dt>{t.buyer}</dt>
            <dd>{cession.cession_buyer.name}</dd>
            <dt>{t.phone}</dt>
            <dd>
              <a href={`tel:${cession.cession_buyer.phone.replace(/\s/g, '')}`}>{cession.cession_buyer.phone}</a>
            </dd>
            <dt>{t.email}</dt>
            <dd>
              <a href={`mailto:${cession.cession_buyer.email}`}>{cession.cession_buyer.email}</a>
            </dd>
          </dl>
          <h3>{t.requisites}</h3>
          <dl className={styles.summary}>
            <dt>{t.accountHolder}</dt>
            <dd>{cession.cession_buyer.account_holder_name}</dd>
            <dt>{t.accountNumber}</dt>
            <dd>{cession.cession_buyer.account_number}</dd>
            <dt>{t.swift}</dt>
            <dd>{cession.cession_buyer.swift}</dd>
            <dt>{t.bank}</dt>
            <dd>{cession.cession_buyer.bank_name}</dd>
          </dl>
        </>
      )}
    </section>
  );
}
