import {
  wireToDisplayDate as displayDate,
  fill,
  formatMoney,
  type LoanView,
  loanStatusView,
  plural,
  siteContentAtom,
} from '@credimo/shared';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useAtomValue } from 'jotai';
import styles from '../account.module.css';
import { DebtAdvice } from '../rights/lazy';
import { showsHelpBanner, termProgress } from '../rules';

const t = texts.loan;

export { displayDate };

/** The loan detail with its status bar and days (left, late, total), today's amounts and due date. */
export function LoanDetail({ loan }: { loan: LoanView }) {
  const today = loan.calculations?.today;
  const tone = loanStatusView(loan.status).type;
  const late = loan.days.late ?? 0;
  return (
    <section
      className={`${styles.card} ${tone === 'info' ? '' : styles[tone]}`}
      aria-labelledby="loan-title"
      data-status={loan.status}
    >
      <h2 id="loan-title">{t.title}</h2>
      <dl className={styles.summary}>
        <dt>{t.status}</dt>
        <dd>{loan.status_text}</dd>
        <dt>{t.reference}</dt>
        <dd>{loan.public_id}</dd>
        <dt>{t.amount}</dt>
        <dd>{formatMoney(loan.request_amount)}</dd>
        <dt>{t.dueDate}</dt>
        <dd>{displayDate(loan.must_pay_date ?? loan.predicted_must_pay_date)}</dd>
      </dl>
      <label htmlFor="loan-progress">{t.progress}</label>
      <progress id="loan-progress" className={styles.bar} max={100} value={termProgress(loan.days)} />
      <p className={styles.days}>
        {late > 0 ? (
          <span className={styles.late}>{plural(t.daysLate, late)}</span>
        ) : (
          loan.days.left !== undefined && <span>{plural(t.daysLeft, loan.days.left)}</span>
        )}
        <span>{fill(t.daysTotal, { n: loan.days.total })}</span>
      </p>
      {today && (
        <dl className={styles.summary}>
          <dt>{t.body}</dt>
          <dd>{formatMoney(today.body)}</dd>
          <dt>{t.interest}</dt>
          <dd>{formatMoney(today.annual_commission)}</dd>
          {today.all_fines > 0 && (
            <>
              <dt>{t.fines}</dt>
              <dd>{formatMoney(today.all_fines)}</dd>
            </>
          )}
          <dt>{t.toPay}</dt>
          <dd className={styles.amount}>{formatMoney(today.amount)}</dd>
        </dl>
      )}
    </section>
  );
}

/** When 3 or fewer days remain, help by WhatsApp and phone. */
export function HelpBanner({ loan }: { loan: LoanView }) {
  const { header } = useAtomValue(siteContentAtom);
  if (!showsHelpBanner(loan)) return null;
  const phone = header.contacts.phone;
  const digits = phone.replace(/\D/g, '');
  const international = digits.startsWith('34') ? digits : `34${digits}`;
  return (
    <section className={`${styles.card} ${styles.warning}`} aria-labelledby="help-title">
      <h2 id="help-title">{texts.help.title}</h2>
      <p>{texts.help.body}</p>
      <p className={styles.row}>
        <a href={`https://wa.me/${international}`} target="_blank" rel="noreferrer">
          {texts.help.whatsapp}
        </a>
        <a href={`tel:${phone.replace(/\s/g, '')}`}>{fill(texts.help.phone, { phone })}</a>
      </p>
      {(loan.days.late ?? 0) > 0 && <DebtAdvice />}
    </section>
  );
}
