import {
  Button,
  Checkbox,
  DEV_FLAG_NAMES,
  type DevFlags,
  devFlagsAtom,
  readCookie,
  removeCookie,
  setDevFlag,
  signIn,
  TextField,
  writeCookie,
} from '@credimo/shared';
import { devMenu as text } from '@credimo/shared/i18n/screens/dev-menu';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { reloadPage } from '../browser';
import { allowedApiOrigins, allowedApiUrl } from './api-url';
import { fillForms } from './autofill';
import styles from './dev-menu.module.css';
import { testRegistrationValues } from './test-data';

export interface DevMenuProps {
  /** The configured API and the others allowed (the override's allow-list). */
  config: { apiBaseUrl: string; apiUrlAllowList?: string[] };
  /** The API this page talks to (the override when one is set). */
  apiInUse: string;
}

/** Typing ` or ~ in a field is text, not a toggle. */
const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** The backtick or tilde key toggles the menu, anywhere but in a field. */
export const isToggleKey = (event: Pick<KeyboardEvent, 'key' | 'target'>) =>
  (event.key === '`' || event.key === '~') && !isEditable(event.target);

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

function TokenLogin() {
  const [token, setToken] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await signIn(token.trim());
      setStatus(text.tokenDone);
    } catch {
      setStatus(text.tokenFailed);
    }
  };
  return (
    <form onSubmit={submit}>
      <h3>{text.tokenTitle}</h3>
      <div className={styles.row}>
        <TextField label={text.tokenLabel} value={token} onChange={(e) => setToken(e.target.value)} />
        <Button type="submit" disabled={token.trim() === ''}>
          {text.tokenSubmit}
        </Button>
      </div>
      {status && (
        <p className={styles.status} role="status">
          {status}
        </p>
      )}
    </form>
  );
}

function ApiUrlOverride({ config, apiInUse }: DevMenuProps) {
  const [url, setUrl] = useState(readCookie('devApiUrl') ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const allowed = allowedApiUrl(url, allowedApiOrigins(config));
    if (!allowed) {
      setProblem(text.apiNotAllowed);
      return;
    }
    writeCookie('devApiUrl', allowed);
    reloadPage();
  };
  return (
    <form onSubmit={submit}>
      <h3>{text.apiTitle}</h3>
      <p className={styles.status}>{fill(text.apiCurrent, { url: apiInUse })}</p>
      <div className={styles.row}>
        <TextField
          label={text.apiLabel}
          type="url"
          value={url}
          error={problem ?? undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setProblem(null);
          }}
        />
        <Button type="submit">{text.apiSubmit}</Button>
      </div>
      {readCookie('devApiUrl') && (
        <Button
          variant="link"
          onClick={() => {
            removeCookie('devApiUrl');
            reloadPage();
          }}
        >
          {text.apiReset}
        </Button>
      )}
    </form>
  );
}

function FeatureFlags() {
  const flags = useAtomValue(devFlagsAtom);
  return (
    <fieldset>
      <legend>{text.flagsTitle}</legend>
      {DEV_FLAG_NAMES.map((name: keyof DevFlags) => (
        <Checkbox
          key={name}
          label={text.flags[name]}
          name={`dev-${name}`}
          checked={flags[name]}
          onChange={(e) => setDevFlag(name, e.target.checked)}
        />
      ))}
    </fieldset>
  );
}

function Autofill() {
  const [filled, setFilled] = useState<number | null>(null);
  return (
    <div>
      <h3>{text.autofillTitle}</h3>
      <Button variant="secondary" onClick={() => setFilled(fillForms(document, testRegistrationValues()))}>
        {text.autofill}
      </Button>
      {filled !== null && (
        <p className={styles.status} role="status">
          {fill(text.autofillDone, { count: filled })}
        </p>
      )}
    </div>
  );
}

/**
 * The developer menu: token login, API URL override, feature flags and the test-data autofill. Only in
 * builds made with it (webpack.config.ts, CREDIMO_DEV_MENU); shown and hidden with ` or ~, remembered 30 days.
 */
export default function DevMenu(props: DevMenuProps) {
  const [open, setOpen] = useState(() => readCookie('devMenu') === 'open');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isToggleKey(event)) return;
      setOpen((wasOpen) => {
        if (wasOpen) removeCookie('devMenu');
        else writeCookie('devMenu', 'open');
        return !wasOpen;
      });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  const close = () => {
    removeCookie('devMenu');
    setOpen(false);
  };
  return (
    <section className={styles.panel} aria-labelledby="credimo-dev-menu-title" data-dev-menu="">
      <h2 id="credimo-dev-menu-title">{text.title}</h2>
      <p className={styles.status}>{text.hint}</p>
      <TokenLogin />
      <ApiUrlOverride {...props} />
      <FeatureFlags />
      <Autofill />
      <Button variant="link" onClick={close}>
        {text.close}
      </Button>
    </section>
  );
}
