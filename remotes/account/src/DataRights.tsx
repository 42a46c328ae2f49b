import {
  Alert,
  accessTokenAtom,
  Button,
  clearSession,
  endSessionRequests,
  fill,
  madridToday,
  normaliseApiError,
  notificationsAtom,
  openDocument,
  resumeSessionRequests,
  sessionStore,
  wireToDisplayDate,
} from '@credimo/shared';
import { PATHS } from '@credimo/shared/app-paths';
import type { ConsentHistory, DataExportView } from '@credimo/shared/contract';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useCallback, useEffect, useState } from 'react';
import styles from './account.module.css';
import { accountCalls } from './calls';
import { useAction } from './use-action';

const t = texts.dataRights;

/** While an export is being prepared, its state is asked again this often. */
export const EXPORT_POLL_MS = 3_000;

const displayDate = (iso: string) => wireToDisplayDate(madridToday(new Date(iso)));

/** The customer's data rights on the personal information page: their export, their consents, their erasure. */
export function DataRights({ navigate }: { navigate: (to: string, options?: { replace?: boolean }) => void }) {
  return (
    <>
      <DataExport />
      <Consents />
      <Erasure navigate={navigate} />
    </>
  );
}

function DataExport() {
  const [view, setView] = useState<DataExportView | null>(null);
  const { busy, notice: note, act } = useAction();

  const load = useCallback(async () => setView(await accountCalls.dataExport()), []);
  useEffect(() => {
    void load().catch(() => setView(null));
  }, [load]);
  // The job builds the export in the background: asked again until it is ready.
  useEffect(() => {
    if (view?.status !== 'preparing') return;
    const timer = setInterval(() => void load().catch(() => {}), EXPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [view?.status, load]);

  const request = () => act(async () => setView(await accountCalls.requestDataExport()));
  const download = (link: string, name: string) =>
    act(async () => {
      try {
        await openDocument(link, name);
      } finally {
        await load();
      }
    });

  const status = view?.status ?? 'none';
  return (
    <section className={styles.card} aria-labelledby="data-export-title">
      <h2 id="data-export-title">{t.title}</h2>
      <p>{t.exportIntro}</p>
      {status === 'preparing' && <Alert tone="info">{t.preparing}</Alert>}
      {status === 'expired' && <p>{t.expired}</p>}
      {view?.status === 'ready' && view.expires_at && (
        <>
          <Alert tone="success">{fill(t.ready, { until: displayDate(view.expires_at) })}</Alert>
          <div className={styles.row}>
            {view.files.map((file) => (
              <Button key={file.format} disabled={busy} onClick={() => void download(file.link, file.name)}>
                {file.format === 'json' ? t.downloadJson : t.downloadPdf}
              </Button>
            ))}
          </div>
        </>
      )}
      {note && <Alert tone={note.tone}>{note.text}</Alert>}
      {(status === 'none' || status === 'expired') && (
        <Button disabled={busy || view === null} onClick={() => void request()}>
          {status === 'none' ? t.exportButton : t.exportAgain}
        </Button>
      )}
    </section>
  );
}

function Consents() {
  const [consents, setConsents] = useState<ConsentHistory | null>(null);
  const { busy, notice: note, setNotice: setNote, act } = useAction();
  useEffect(() => {
    void accountCalls
      .consents()
      .then(setConsents)
      .catch(() => setConsents(null));
  }, []);
  const withdraw = () =>
    act(async () => {
      setConsents(await accountCalls.withdrawMarketing());
      setNote({ tone: 'success', text: t.marketingWithdrawn });
    });
  return (
    <section className={styles.card} aria-labelledby="consents-title">
      <h2 id="consents-title">{t.consentsTitle}</h2>
      {consents && consents.history.length === 0 && <p>{t.noConsents}</p>}
      {consents && consents.history.length > 0 && (
        <ul className={styles.list}>
          {consents.history.map((consent, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a consent has no identity of its own here
            <li key={index}>
              <strong>{t.consentKinds[consent.kind] ?? consent.kind}</strong>:{' '}
              {consent.accepted ? t.accepted : t.refused} · {displayDate(consent.at)} ·{' '}
              <span className={styles.muted}>{fill(t.version, { version: consent.text_version })}</span>
            </li>
          ))}
        </ul>
      )}
      {note && <Alert tone={note.tone}>{note.text}</Alert>}
      {consents?.marketing && (
        <Button variant="secondary" disabled={busy} onClick={() => void withdraw()}>
          {t.withdrawMarketing}
        </Button>
      )}
    </section>
  );
}

function Erasure({ navigate }: { navigate: (to: string, options?: { replace?: boolean }) => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const erase = async () => {
    setBusy(true);
    setFailure(null);
    // The erasure ends the session on the server: a poll still on its way would meet it with a 401.
    const token = sessionStore.get(accessTokenAtom);
    if (token) endSessionRequests(token);
    try {
      const done = await accountCalls.erase();
      // The account no longer exists: signed out, with the confirmation on the sign-in page.
      clearSession();
      sessionStore.set(notificationsAtom, [
        {
          id: 'local-erasure',
          message: fill(t.erasureDone, { until: displayDate(done.retained_until) }),
          severity: 'success',
        },
      ]);
      navigate(PATHS.auth, { replace: true });
    } catch (error) {
      if (token) resumeSessionRequests(token);
      setFailure(normaliseApiError(error).message);
      setAsking(false);
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="erasure-title">
      <h2 id="erasure-title">{t.erasureTitle}</h2>
      <p>{t.erasureIntro}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      {asking ? (
        <div role="alertdialog" aria-labelledby="erasure-confirm-title" aria-describedby="erasure-confirm-text">
          <p id="erasure-confirm-title">
            <strong>{t.erasureConfirmTitle}</strong>
          </p>
          <p id="erasure-confirm-text">{t.erasureConfirmText}</p>
          <div className={styles.row}>
            <Button disabled={busy} onClick={() => void erase()}>
              {t.erasureConfirm}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
              {t.erasureCancel}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t.erasureButton}
        </Button>
      )}
    </section>
  );
}
