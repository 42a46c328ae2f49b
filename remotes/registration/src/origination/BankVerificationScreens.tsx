import {
  Alert,
  accessTokenAtom,
  api,
  Button,
  messages,
  normaliseApiError,
  refreshUser,
  type ScreenProps,
} from '@credimo/shared';
import { origination as originationTexts } from '@credimo/shared/i18n/screens/origination';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { narrowScreen } from '../screen';
import { originationCalls } from './calls';
import styles from './origination.module.css';
import { USER_POLL_MS } from './poll-times';
import { useUserPolling } from './polling';

const previewTexts = originationTexts.bankDataPreview;
const bankTexts = originationTexts.bankData;
const returnTexts = originationTexts.aggregationReturn;

export const BANK_DATA_PREVIEW_PATH = '/application/bank-data-preview';
const BANK_DATA_PATH = '/application/bank-data';

/** Where the browser goes; a seam for tests. */
export const aggregationBrowser = { assign: (url: string) => window.location.assign(url) };

/** What the preview shows after the provider's page ended without a bank session. */
interface PreviewState {
  aggregationError?: string;
}

/**
 * SPEC section 2, rule 12 (AwaitingBankProcessData 35): before the provider's page, what it needs: the customer must
 * be the account holder, and the account must show recent transactions. The user is polled every 3 s.
 */
export function BankDataPreviewScreen({ screen, navigate, state }: ScreenProps) {
  useUserPolling(USER_POLL_MS.bankVerification);
  const notice = (state as PreviewState | undefined)?.aggregationError;
  return (
    <section className={narrowScreen} data-screen={screen} aria-labelledby="bank-preview-title">
      <h1 id="bank-preview-title">{previewTexts.title}</h1>
      {notice && <Alert tone="error">{notice}</Alert>}
      <p>{previewTexts.body}</p>
      <ul className={styles.documents}>
        <li>{previewTexts.holder}</li>
        <li>{previewTexts.transactions}</li>
      </ul>
      <div className={styles.actions}>
        <Button onClick={() => navigate(BANK_DATA_PATH)}>{previewTexts.continue}</Button>
      </div>
    </section>
  );
}

/** The bank-data aggregation providers SPEC names; unnax unless the customer's adapter says otherwise. */
export type AggregationProvider = 'unnax' | 'kontomatik';

/**
 * The provider's page for a customer (SPEC section 7: GET /aggregation/unnax/widget with access_token in the
 * query), coming back to the app's /unnax-aggregation/{status}.
 */
export function aggregationPageUrl(apiBase: string, token: string, provider: AggregationProvider, appOrigin: string) {
  const url = new URL('/aggregation/unnax/widget', apiBase);
  url.searchParams.set('access_token', token);
  url.searchParams.set('provider', provider);
  url.searchParams.set('return_url', `${appOrigin}/unnax-aggregation/{status}`);
  return url.href;
}

/**
 * /application/bank-data: the customer goes to the aggregation provider's page (unnax's widget or kontomatik's
 * page), which sends them back to /unnax-aggregation/{status}. The user is polled every 3 s meanwhile.
 */
export function BankDataScreen({ screen, query }: ScreenProps) {
  useUserPolling(USER_POLL_MS.bankVerification);
  const token = useAtomValue(accessTokenAtom);
  const provider: AggregationProvider = query.provider === 'kontomatik' ? 'kontomatik' : 'unnax';
  const connect = () => {
    if (!token) return;
    aggregationBrowser.assign(
      aggregationPageUrl(api().defaults.baseURL ?? window.location.origin, token, provider, window.location.origin),
    );
  };
  return (
    <section className={narrowScreen} data-screen={screen} aria-labelledby="bank-data-title">
      <h1 id="bank-data-title">{bankTexts.title}</h1>
      <p>{bankTexts.body}</p>
      <div className={styles.actions}>
        <Button onClick={connect} disabled={!token}>
          {bankTexts.connect}
        </Button>
      </div>
    </section>
  );
}

/** The bank session in the provider's return address, as POST /v2/loan/bank_token takes it (either variant). */
export function bankSessionOf(query: Record<string, string>): Record<string, string> | null {
  const pick = (keys: string[]) =>
    Object.fromEntries(keys.filter((key) => query[key]).map((key) => [key, query[key] as string]));
  if (query.sessionId && query.sessionIdSignature) {
    return pick(['sessionId', 'sessionIdSignature', 'bankId', 'bankName']);
  }
  if (query.token1) return pick(['token1', 'token2', 'bank_name', 'type']);
  return null;
}

/**
 * /unnax-aggregation/{status}: back from the provider. Success: the widget's ending is recorded and the bank session
 * posted (POST /v2/loan/bank_token), then the rules lead to the import's waiting page. Error (SPEC section 8, the
 * identity widget error) or cancel: recorded, and back to the preview with "La identidad no ha sido verificada".
 */
export function AggregationReturnScreen({ screen, params, query, navigate }: ScreenProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const status = params.status === 'success' || params.status === 'cancel' ? params.status : 'error';
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async () => {
      const session = status === 'success' ? bankSessionOf(query) : null;
      const outcome = await originationCalls.widgetStatus(status, query.code);
      if (!session) {
        const state: PreviewState =
          status === 'cancel' ? {} : { aggregationError: outcome.message ?? messages.identityNotVerified };
        navigate(BANK_DATA_PREVIEW_PATH, { replace: true, state });
        return;
      }
      await originationCalls.bankToken(session);
      await refreshUser();
    };
    run().catch((error) => setFailure(normaliseApiError(error).message));
  }, [status, query, navigate]);
  return (
    <section className={narrowScreen} data-screen={screen} aria-labelledby="aggregation-return-title">
      <h1 id="aggregation-return-title">{returnTexts.title}</h1>
      {failure ? (
        <>
          <Alert tone="error">{failure}</Alert>
          <div className={styles.actions}>
            <Button onClick={() => navigate(BANK_DATA_PREVIEW_PATH, { replace: true })}>{returnTexts.back}</Button>
          </div>
        </>
      ) : (
        <p role="status">{returnTexts.working}</p>
      )}
    </section>
  );
}
