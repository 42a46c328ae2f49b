import {
  Alert,
  Button,
  fill,
  formatMoney,
  type LoanView,
  Modal,
  normaliseApiError,
  refreshUser,
} from '@credimo/shared';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useState } from 'react';
import styles from '../account.module.css';
import { accountCalls } from '../calls';
import { displayDate } from './LoanDetail';

const t = texts.withdrawal;

/**
 * The 14-day withdrawal: "Desistir del préstamo" while the right lasts; a confirmation that states the
 * amount to return (principal plus interest accrued to the day); then the stored acknowledgement.
 */
export function WithdrawalCard({ loan }: { loan: LoanView }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withdrawal = loan.withdrawal;
  if (!withdrawal) return null;

  if (withdrawal.acknowledgement) {
    return (
      <section className={styles.card} aria-labelledby="withdrawal-title">
        <h2 id="withdrawal-title">{t.doneTitle}</h2>
        <p>{withdrawal.acknowledgement}</p>
        {withdrawal.requested_on && (
          <p className={styles.muted}>
            {fill(t.done, { date: displayDate(withdrawal.requested_on), amount: formatMoney(withdrawal.amount) })}
          </p>
        )}
      </section>
    );
  }
  if (!withdrawal.available) return null;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await accountCalls.withdraw();
      setAsking(false);
      await refreshUser();
    } catch (failure) {
      setError(normaliseApiError(failure).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="withdrawal-title">
      <h2 id="withdrawal-title">{t.title}</h2>
      <p>{fill(t.body, { until: displayDate(withdrawal.until) })}</p>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t.button}
      </Button>
      {asking && (
        <Modal
          title={t.confirmTitle}
          onClose={() => setAsking(false)}
          actions={
            <>
              <Button onClick={() => void confirm()} disabled={busy}>
                {t.confirm}
              </Button>
              <Button variant="secondary" onClick={() => setAsking(false)}>
                {t.cancel}
              </Button>
            </>
          }
        >
          <p>{fill(t.confirmBody, { amount: formatMoney(withdrawal.amount) })}</p>
          <dl className={styles.summary}>
            <dt>{t.principal}</dt>
            <dd>{formatMoney(withdrawal.principal)}</dd>
            <dt>{t.interest}</dt>
            <dd>{formatMoney(withdrawal.interest)}</dd>
          </dl>
          {error && <Alert tone="error">{error}</Alert>}
        </Modal>
      )}
    </section>
  );
}
