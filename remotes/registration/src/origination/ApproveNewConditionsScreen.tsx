import {
  Alert,
  Button,
  fill,
  formatMoney,
  loanAtom,
  normaliseApiError,
  refreshUser,
  type ScreenProps,
  Skeleton,
} from '@credimo/shared';
import { origination as originationTexts } from '@credimo/shared/i18n/screens/origination';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { narrowScreen } from '../screen';
import { originationCalls } from './calls';
import styles from './origination.module.css';

const texts = originationTexts.approveNewConditions;

/**
 * Redirect rule 10: a repeat customer whose amount was changed by the decision accepts the counter-offer
 * before signing. Accepting sets the approve flag (POST /v2/loan/approve_new_conditions); the rules then lead to
 * signing.
 */
export function ApproveNewConditionsScreen({ screen }: ScreenProps) {
  const loan = useAtomValue(loanAtom);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!loan) return <Skeleton />;
  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await originationCalls.approveNewConditions();
      await refreshUser();
    } catch (error) {
      setFailure(normaliseApiError(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={narrowScreen} data-screen={screen} aria-labelledby="new-conditions-title">
      <h1 id="new-conditions-title">{texts.title}</h1>
      <p>{texts.body}</p>
      <dl className={styles.summary}>
        <dt>{texts.requested}</dt>
        <dd>{formatMoney(loan.original_request_amount)}</dd>
        <dt>{texts.offered}</dt>
        <dd>{formatMoney(loan.request_amount)}</dd>
        <dt>{texts.returnAmount}</dt>
        <dd>{formatMoney(loan.return_amount)}</dd>
        <dt>{texts.term}</dt>
        <dd>{fill(texts.days, { n: loan.days.total })}</dd>
      </dl>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button onClick={accept} disabled={busy}>
        {texts.accept}
      </Button>
    </section>
  );
}
