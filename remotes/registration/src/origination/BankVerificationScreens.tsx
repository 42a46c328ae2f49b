import {
  Alert,
  accessTokenAtom,
  Button,
  fill,
  messages,
  normaliseApiError,
  refreshUser,
  type ScreenProps,
  userAtom,
} from '@credimo/shared';
import type { BankTokenRequest } from '@credimo/shared/contract';
import { origination as originationTexts } from '@credimo/shared/i18n/screens/origination';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Static } from 'typebox';
import { narrowScreen } from '../screen';
import {
  type AggregationProvider,
  type AggregationWidget,
  aggregationReturnPath,
  KontomatikFrame,
  UnnaxWidget,
  type WidgetResult,
} from './AggregationWidgets';
import { originationCalls } from './calls';
import styles from './origination.module.css';
import { USER_POLL_MS } from './poll-times';
import { useUserPolling } from './polling';

const previewTexts = originationTexts.bankDataPreview;
const bankTexts = originationTexts.bankData;
const returnTexts = originationTexts.aggregationReturn;

export const BANK_DATA_PREVIEW_PATH = '/application/bank-data-preview';
const BANK_DATA_PATH = '/application/bank-data';

/** What the preview shows after the provider's page ended without a bank session. */
interface PreviewState {
  aggregationError?: string;
}

/**
 * Redirect rule 12 (AwaitingBankProcessData 35): before the provider's page, what it needs: the customer must
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

const PROVIDER_NAMES: Record<AggregationProvider, string> = { unnax: 'Unnax', kontomatik: 'Kontomatik' };

/**
 * /application/bank-data: the customer connects their bank inside this page, with the provider GET /v2/user names
 * (bank_verification_adapter): unnax's embedded widget or kontomatik's page in an iframe, opened by
 * GET /aggregation/unnax/widget (access_token in the query). The widget's ending takes the page to
 * /unnax-aggregation/{status}, which records it and posts the bank session. The user is polled every 3 s meanwhile.
 */
export function BankDataScreen({ screen, navigate }: ScreenProps) {
  useUserPolling(USER_POLL_MS.bankVerification);
  const token = useAtomValue(accessTokenAtom);
  const adapter: AggregationProvider = useAtomValue(userAtom)?.bank_verification_adapter ?? 'unnax';
  const [widget, setWidget] = useState<AggregationWidget | null>(null);
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const providerName = PROVIDER_NAMES[adapter];
  const onResult = useCallback(
    (result: WidgetResult) => navigate(aggregationReturnPath(result), { replace: true }),
    [navigate],
  );
  const onFailure = useCallback(() => {
    setWidget(null);
    setFailure(bankTexts.failed);
  }, []);
  const connect = async () => {
    if (!token) return;
    setOpening(true);
    setFailure(null);
    try {
      setWidget(await originationCalls.aggregationWidget(token, window.location.origin));
    } catch {
      setFailure(bankTexts.failed);
    } finally {
      setOpening(false);
    }
  };
  return (
    <section className={narrowScreen} data-screen={screen} aria-labelledby="bank-data-title">
      <h1 id="bank-data-title">{bankTexts.title}</h1>
      <p>{fill(bankTexts.body, { provider: providerName })}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      {widget?.provider === 'unnax' && (
        <UnnaxWidget
          scriptUrl={widget.script_url}
          widgetSession={widget.widget_session}
          label={bankTexts.widgetLabel}
          onResult={onResult}
          onFailure={onFailure}
        />
      )}
      {widget?.provider === 'kontomatik' && (
        <KontomatikFrame
          url={widget.frame_url}
          title={fill(bankTexts.frameTitle, { provider: providerName })}
          onResult={onResult}
        />
      )}
      {!widget && (
        <div className={styles.actions}>
          <Button onClick={connect} disabled={!token || opening}>
            {opening ? bankTexts.opening : bankTexts.connect}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The bank session in the provider's return address, as POST /v2/loan/bank_token takes it (either variant). */
export function bankSessionOf(query: Record<string, string>): Static<typeof BankTokenRequest> | null {
  const pick = (keys: string[]) =>
    Object.fromEntries(keys.filter((key) => query[key]).map((key) => [key, query[key] as string]));
  if (query.sessionId && query.sessionIdSignature) {
    const { sessionId, sessionIdSignature } = query;
    return { sessionId, sessionIdSignature, ...pick(['bankId', 'bankName']) };
  }
  if (query.token1) return { token1: query.token1, ...pick(['token2', 'bank_name', 'type']) };
  return null;
}

/**
 * /unnax-aggregation/{status}: back from the provider. Success: the widget's ending is recorded and the bank session
 * posted (POST /v2/loan/bank_token), then the rules lead to the import's waiting page. Error (the
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
