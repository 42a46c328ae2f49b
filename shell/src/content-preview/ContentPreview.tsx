import { DEFAULT_SITE_CONTENT, siteContentAtom } from '@credimo/shared';
import { shell as texts } from '@credimo/shared/i18n/screens/shell';
import { createStore, Provider } from 'jotai';
import { useEffect, useState } from 'react';
import { appConfig } from '../app-config';
import { Footer } from '../layouts/Footer';
import { Header } from '../layouts/Header';
import styles from '../layouts/layout.module.css';
import { PREVIEW_MESSAGE, PREVIEW_READY_MESSAGE, previewContentFrom } from './preview-content';

/** How often the preview asks the editor's page for the content until the first answer. */
const ASK_AGAIN_MS = 1000;

const originOf = (url: string | undefined): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * The content editor's preview (WordPress admin frames it beside the content form): the app's own header and
 * footer, rendered with the unsaved content the editor's page posts. Only the content site's origin (/config.json's
 * wpBaseUrl, the only site allowed to frame this page) is listened to. The content lives in a store of its own,
 * so the saved content the app loads at start never overwrites what is being edited.
 */
export default function ContentPreview({ contentOrigin }: { contentOrigin?: string | null }) {
  const [store] = useState(() => {
    const own = createStore();
    own.set(siteContentAtom, DEFAULT_SITE_CONTENT);
    return own;
  });
  const [live, setLive] = useState(false);
  useEffect(() => {
    const origin = contentOrigin === undefined ? originOf(appConfig()?.wpBaseUrl) : contentOrigin;
    if (!origin) return;
    // The editor's page may still be loading its script when this page is ready: ask until it answers.
    const askForContent = () => {
      if (window.parent !== window) window.parent.postMessage({ type: PREVIEW_READY_MESSAGE }, origin);
    };
    const asking = window.setInterval(askForContent, ASK_AGAIN_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== window.parent) return;
      const data = event.data as { type?: unknown; content?: unknown } | null;
      if (data?.type !== PREVIEW_MESSAGE) return;
      const content = previewContentFrom(data.content);
      if (!content) return;
      window.clearInterval(asking);
      store.set(siteContentAtom, content);
      setLive(true);
    };
    window.addEventListener('message', onMessage);
    askForContent();
    return () => {
      window.clearInterval(asking);
      window.removeEventListener('message', onMessage);
    };
  }, [store, contentOrigin]);
  return (
    <Provider store={store}>
      <div className={styles.page} data-content-preview={live ? 'live' : 'waiting'}>
        <Header layout="login" route="auth" />
        <main className={styles.main}>
          <p>{texts.previewWaiting}</p>
        </main>
        <Footer big />
      </div>
    </Provider>
  );
}
