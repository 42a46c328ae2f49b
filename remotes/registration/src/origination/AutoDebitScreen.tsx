import {
  Alert,
  api,
  Button,
  type CardRequestGroup,
  Checkbox,
  cardRequestGroup,
  exit,
  messages,
  normaliseApiError,
  PATHS,
  refreshUser,
  type ScreenProps,
  savedCardsExpiringSoon,
  userAtom,
} from '@credimo/shared';
import { origination as originationTexts } from '@credimo/shared/i18n/screens/origination';
import { useFormik } from 'formik';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import * as yup from 'yup';
import { narrowScreen } from '../screen';
import { originationCalls } from './calls';
import styles from './origination.module.css';
import { USER_POLL_MS } from './poll-times';
import { useUserPolling } from './polling';

const texts = originationTexts.autoDebit;

export const consentSchema = yup.object({ consent: yup.boolean().oneOf([true], messages.checkboxFieldRequired) });

/** The card button stays disabled 8 s after a press, so one press starts one card request. */
export const CARD_BUTTON_PAUSE_MS = 8_000;

/** Where the browser goes, through the one allow-listed exit; a seam for tests. */
export const cardPageBrowser = { assign: (url: string) => exit.to(url) };

/** After the auto-debit step the payout is ordered (idempotent on the API), then the rules lead to the account. */
async function finishStep(enabled: boolean): Promise<void> {
  await originationCalls.autodebitComplete(enabled);
  await originationCalls.issuance();
  await refreshUser();
}

/**
 * The card request the customer came back from: the API's status on the user (the acquirer's signed callback, with
 * our rules applied) once it knows the request, else what the acquirer's redirect said.
 */
function returnedCardGroup(query: Record<string, string>, latest: string | null | undefined): CardRequestGroup | null {
  if (!query.card_request) return null;
  const fromApi = cardRequestGroup(latest);
  if (fromApi) return fromApi;
  const said = query.card_status;
  return said === 'completed' || said === 'processing' || said === 'error' ? said : null;
}

/**
 * Redirect rule 13: /application/auto-debit-confirmation after signing. Consent is required to confirm, which
 * starts a card request (POST /v2/user/payment_card) and sends the browser to the card acquirer's page; it comes
 * back here with `card_request` and `card_status`. Completed finishes the step with auto-debit on
 * and shows success; processing shows a pending note (the user is polled every 7 s until the bank answers); error
 * shows the failure and the offer again. Skip is hidden when is_hide_skip_auto_debit_button.
 */
export function AutoDebitScreen({ screen, query, navigate }: ScreenProps) {
  const user = useAtomValue(userAtom);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [paused, setPaused] = useState(false);
  const finishing = useRef(false);
  useUserPolling(USER_POLL_MS.autoDebit);
  const group = returnedCardGroup(query, user?.payment_card_request_status);
  const stepDone = user?.loan?.auto_debit_step_completed === true;

  useEffect(() => {
    if (group !== 'completed' || stepDone || finishing.current) return;
    finishing.current = true;
    finishStep(true).catch((error) => {
      finishing.current = false;
      setFailure(normaliseApiError(error).message);
    });
  }, [group, stepDone]);

  useEffect(() => {
    if (!paused) return;
    const id = setTimeout(() => setPaused(false), CARD_BUTTON_PAUSE_MS);
    return () => clearTimeout(id);
  }, [paused]);

  const form = useFormik({
    initialValues: { consent: false },
    validationSchema: consentSchema,
    onSubmit: async () => {
      setFailure(null);
      setPaused(true);
      try {
        const back = `${window.location.origin}${window.location.pathname}`;
        const started = await originationCalls.addPaymentCard(back);
        // The acquirer's page may be named relative to the API's address.
        cardPageBrowser.assign(new URL(started.url, api().defaults.baseURL).href);
      } catch (error) {
        setFailure(normaliseApiError(error).message);
      }
    },
  });
  const skip = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await finishStep(false);
    } catch (error) {
      setFailure(normaliseApiError(error).message);
      setBusy(false);
    }
  };
  const canSkip = user?.is_hide_skip_auto_debit_button !== true;

  if (group === 'completed' && !failure) {
    return (
      <section className={narrowScreen} data-screen={screen} aria-labelledby="auto-debit-title">
        <h1 id="auto-debit-title">{texts.title}</h1>
        <Alert tone="success">{texts.completed}</Alert>
        {/* The rules keep the customer here to read this until the money is paid out; then the account. */}
        <div className={styles.actions}>
          <Button onClick={() => navigate(PATHS.account)}>{texts.toAccount}</Button>
        </div>
      </section>
    );
  }
  if (group === 'processing') {
    return (
      <section className={narrowScreen} data-screen={`${screen}:processing`} aria-labelledby="auto-debit-title">
        <h1 id="auto-debit-title">{texts.processingTitle}</h1>
        <Alert tone="info">{texts.processing}</Alert>
      </section>
    );
  }
  return (
    <section className={narrowScreen} data-screen={screen} aria-labelledby="auto-debit-title">
      <h1 id="auto-debit-title">{texts.title}</h1>
      {group === 'error' && (
        <Alert tone="error">
          {messages.autoDebitFailed}.{' '}
          {user?.payment_card_request_failure ? `${user.payment_card_request_failure} ` : ''}
          {texts.failedRetry}
        </Alert>
      )}
      {group !== 'error' && savedCardsExpiringSoon(user?.payment_cards) && (
        <Alert tone="warning">{texts.savedCardExpiring}</Alert>
      )}
      <p>{texts.body}</p>
      <form noValidate onSubmit={form.handleSubmit}>
        <Checkbox
          label={texts.consent}
          name="consent"
          checked={form.values.consent}
          onChange={form.handleChange}
          error={form.submitCount > 0 ? form.errors.consent : undefined}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" disabled={paused || form.isSubmitting || busy}>
            {texts.confirm}
          </Button>
          {canSkip && (
            <Button variant="secondary" onClick={skip} disabled={busy}>
              {texts.skip}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
