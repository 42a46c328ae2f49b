import {
  Alert,
  Button,
  Checkbox,
  messages,
  normaliseApiError,
  refreshUser,
  type ScreenProps,
  userAtom,
} from '@credimo/shared';
import { origination as originationTexts } from '@credimo/shared/i18n/screens/origination';
import { useFormik } from 'formik';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import * as yup from 'yup';
import { narrowScreen } from '../screen';
import { originationCalls } from './calls';
import styles from './origination.module.css';
import { USER_POLL_MS } from './poll-times';
import { useUserPolling } from './polling';

const texts = originationTexts.autoDebit;

export const consentSchema = yup.object({ consent: yup.boolean().oneOf([true], messages.checkboxFieldRequired) });

/**
 * The card acquirer's page is not built yet (the API refuses autodebit_enabled=true until a card request can
 * complete): confirming stays disabled with a note, so nobody is sent to a page that does not exist.
 */
export const CARD_ACQUIRER_AVAILABLE = false;

/** After the auto-debit step the payout is ordered (idempotent on the API), then the rules lead to the account. */
async function finishStep(enabled: boolean): Promise<void> {
  await originationCalls.autodebitComplete(enabled);
  await originationCalls.issuance();
  await refreshUser();
}

/**
 * SPEC section 2, rule 13: /application/auto-debit-confirmation after signing. Consent is required to confirm
 * (which leads to the card acquirer); skip is hidden when is_hide_skip_auto_debit_button. The user is polled every
 * 7 s.
 */
export function AutoDebitScreen({ screen }: ScreenProps) {
  const user = useAtomValue(userAtom);
  const [failure, setFailure] = useState<string | null>(null);
  const [skipping, setSkipping] = useState(false);
  useUserPolling(USER_POLL_MS.autoDebit);
  const form = useFormik({
    initialValues: { consent: false },
    validationSchema: consentSchema,
    onSubmit: async () => {
      // Unreachable while CARD_ACQUIRER_AVAILABLE is false: the button is disabled.
    },
  });
  const skip = async () => {
    setSkipping(true);
    setFailure(null);
    try {
      await finishStep(false);
    } catch (error) {
      setFailure(normaliseApiError(error).message);
      setSkipping(false);
    }
  };
  const canSkip = user?.is_hide_skip_auto_debit_button !== true;
  return (
    <section className={narrowScreen} data-screen={screen} aria-labelledby="auto-debit-title">
      <h1 id="auto-debit-title">{texts.title}</h1>
      <p>{texts.body}</p>
      <form noValidate onSubmit={form.handleSubmit}>
        <Checkbox
          label={texts.consent}
          name="consent"
          checked={form.values.consent}
          onChange={form.handleChange}
          error={form.submitCount > 0 ? form.errors.consent : undefined}
        />
        {!CARD_ACQUIRER_AVAILABLE && <p className={styles.note}>{texts.cardUnavailable}</p>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" disabled={!CARD_ACQUIRER_AVAILABLE || form.isSubmitting}>
            {texts.confirm}
          </Button>
          {canSkip && (
            <Button variant="secondary" onClick={skip} disabled={skipping}>
              {texts.skip}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
