import {
  Alert,
  api,
  Button,
  exit,
  messages,
  normaliseApiError,
  PATHS,
  refreshUser,
  type ScreenProps,
  Skeleton,
  userAtom,
} from '@credimo/shared';
import { documents as texts } from '@credimo/shared/i18n/screens/documents';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { USER_POLL_MS } from '../origination/poll-times';
import { wideScreen } from '../screen';
import { Camera } from './Camera';
import { type DocumentsOverview, documentCalls } from './calls';
import styles from './documents.module.css';

const TITLES: Record<string, string> = {
  registrationPhotoVerification: texts.title,
  registrationPhotoVerificationRepeat: texts.repeatTitle,
  applicationRequestAdditionalPhotos: texts.additionalTitle,
};

/** Leaving the app for the liveness provider's page, through the one allow-listed exit (tests watch it). */
export const browser = { assign: (url: string) => exit.to(url) };

/** Photo verification polls every 30 s, every 5 s while a liveness check is pending. */
export const overviewPollMs = (overview: DocumentsOverview | null) =>
  overview?.liveness.status === 'pending' ? USER_POLL_MS.livenessPending : USER_POLL_MS.photoVerification;

function useOverview() {
  const [overview, setOverview] = useState<DocumentsOverview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reload = useCallback(async (): Promise<DocumentsOverview | null> => {
    try {
      const next = await documentCalls.overview();
      setOverview(next);
      setFailure(null);
      return next;
    } catch (error) {
      setFailure(normaliseApiError(error).message);
      return null;
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const every = overviewPollMs(overview);
  useEffect(() => {
    const id = setInterval(() => {
      void reload();
      void refreshUser().catch(() => {});
    }, every);
    return () => clearInterval(id);
  }, [every, reload]);
  return { overview, failure, reload };
}

/**
 * /registration/photo-verification, -repeat and /application/request-additional-photos.
 * Onboarding first (skippable when no employment type is set yet), then one card per required document (camera or
 * file), the liveness selfie, and the done message; the redirect rules then lead on.
 */
export function PhotoVerificationScreen({ screen, query, navigate }: ScreenProps) {
  const user = useAtomValue(userAtom);
  const { overview, failure, reload } = useOverview();
  const [onboarded, setOnboarded] = useState(screen === 'applicationRequestAdditionalPhotos');
  const [livenessMessage, setLivenessMessage] = useState<string | null>(null);
  const transactionId = query.transaction_id;
  // Back from the liveness provider's page: hand the transaction over, then show its verdict.
  useEffect(() => {
    if (!transactionId) return;
    setOnboarded(true);
    void documentCalls
      .liveness(transactionId)
      .then(
        (result) => setLivenessMessage(result.message),
        (error) => setLivenessMessage(normaliseApiError(error).message),
      )
      .then(reload);
    navigate(window.location.pathname, { replace: true });
  }, [transactionId, reload, navigate]);
  // The redirect rules read the loan's files from the user: refreshed after each photo, so the next step is taken
  // with what the API now asks (not the list from before the upload, which would lead back here). Once nothing is
  // left the customer reads the done message first: its button refreshes the user and moves on, so a refresh here
  // would take them away from it at a random moment.
  const saved = useCallback(async () => {
    const next = await reload();
    if (next === null || next.required.length > 0) await refreshUser().catch(() => {});
  }, [reload]);
  const title = TITLES[screen] ?? texts.title;
  if (!overview) {
    return failure ? <Alert tone="error">{failure}</Alert> : <Skeleton />;
  }
  if (!onboarded) {
    const skippable = (user?.employment?.employment_type_id ?? null) === null;
    return (
      <section className={wideScreen} data-screen={screen} aria-labelledby="photo-title">
        <h1 id="photo-title">{texts.onboardingTitle}</h1>
        <p>{texts.onboardingBody}</p>
        <div className={styles.actions}>
          <Button onClick={() => setOnboarded(true)}>{texts.start}</Button>
          {skippable && (
            <Button variant="secondary" onClick={() => setOnboarded(true)}>
              {texts.skipOnboarding}
            </Button>
          )}
        </div>
      </section>
    );
  }
  const done = overview.required.length === 0;
  return (
    <section className={wideScreen} data-screen={screen} aria-labelledby="photo-title">
      <h1 id="photo-title">{done ? texts.doneTitle : title}</h1>
      {done ? (
        <>
          <p>{texts.doneBody}</p>
          <Button
            onClick={async () => {
              await refreshUser().catch(() => {});
              navigate(PATHS.account);
            }}
          >
            {texts.continue}
          </Button>
        </>
      ) : (
        <ul className={styles.documents}>
          {overview.required.map((type) => (
            <li key={type} className={styles.document}>
              {/* A file the loan asks for by name cannot be put off: the loan is not signed without it. */}
              <DocumentCard type={type} onSaved={saved} skippable={!askedByLoan(user?.loan, type)} />
            </li>
          ))}
        </ul>
      )}
      {/* The liveness step only for a customer it is on for (GET /v2/user liveness.allowed), or
          to show the verdict of a check already made. */}
      {(user?.liveness?.allowed === true || overview.liveness.status !== null) && (
        <Liveness overview={overview} message={livenessMessage} customerAllowed={user?.liveness?.allowed === true} />
      )}
    </section>
  );
}

function Liveness({
  overview,
  message,
  customerAllowed,
}: {
  overview: DocumentsOverview;
  message: string | null;
  customerAllowed: boolean;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const { status, allowed } = overview.liveness;
  const start = async () => {
    try {
      const capture = await documentCalls.livenessCapture(window.location.href.split('?')[0] ?? '');
      // The provider's address may be relative to the API's.
      browser.assign(new URL(capture.url, api().defaults.baseURL).href);
    } catch (error) {
      setFailure(normaliseApiError(error).message);
    }
  };
  const statusText =
    status === 'pending'
      ? messages.livenessPending
      : status === 'success'
        ? texts.livenessSuccess
        : status === 'failed'
          ? texts.livenessFailed
          : null;
  return (
    <div className={styles.document}>
      <h2>{texts.livenessTitle}</h2>
      {statusText && (
        <Alert tone={status === 'success' ? 'success' : status === 'failed' ? 'error' : 'info'}>{statusText}</Alert>
      )}
      {message && message !== statusText && <Alert tone="info">{message}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      {status !== 'success' && status !== 'pending' && allowed && customerAllowed && (
        <>
          <p>{texts.livenessBody}</p>
          <Button variant="secondary" onClick={start}>
            {texts.livenessStart}
          </Button>
        </>
      )}
    </div>
  );
}

const askedByLoan = (loan: { required_files?: readonly string[] } | null | undefined, type: string) =>
  (loan?.required_files ?? []).some(
    (file) => file === type || (file === 'liveness_selfie' && type === 'selfie_with_id_card'),
  );

function DocumentCard({
  type,
  onSaved,
  skippable,
}: {
  type: DocumentsOverview['required'][number];
  onSaved: () => Promise<void>;
  skippable: boolean;
}) {
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const [rejected, setRejected] = useState<{ preview: string; message: string } | null>(null);
  const label = texts.types[type] ?? type;
  const send = async (photo: Blob) => {
    setCamera(false);
    setBusy(true);
    try {
      await documentCalls.upload(type, photo);
      setRejected(null);
      await onSaved();
    } catch (error) {
      setRejected({ preview: URL.createObjectURL(photo), message: normaliseApiError(error).message });
    } finally {
      setBusy(false);
    }
  };
  const skip = async () => {
    setBusy(true);
    try {
      await documentCalls.skip(type);
      await onSaved();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h2>{label}</h2>
      <p>{texts.expected[type]}</p>
      {rejected && (
        <div role="alert">
          <p>
            <strong>{texts.errorTitle}</strong>
          </p>
          <p>{rejected.message}</p>
          <div className={styles.compare}>
            <figure>
              <img src={rejected.preview} alt={texts.uploadedPhoto} />
              <figcaption>{texts.uploadedPhoto}</figcaption>
            </figure>
            <figure>
              <p>{texts.expected[type]}</p>
              <figcaption>{texts.expectedPhoto}</figcaption>
            </figure>
          </div>
        </div>
      )}
      {busy && <p role="status">{texts.uploading}</p>}
      {camera ? (
        <Camera label={label} onPhoto={send} onClose={() => setCamera(false)} />
      ) : (
        <div className={styles.actions}>
          <label className={styles.fileLabel}>
            {rejected ? texts.retry : texts.chooseFile}
            <span className={styles.visuallyHidden}>: {label}</span>
            <input
              type="file"
              accept="image/*"
              className={styles.visuallyHidden}
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void send(file);
              }}
            />
          </label>
          <Button variant="secondary" onClick={() => setCamera(true)} disabled={busy}>
            {texts.useCamera}
          </Button>
          {skippable && (
            <Button variant="link" onClick={skip} disabled={busy}>
              {texts.skip}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
