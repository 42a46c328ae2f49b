import { Button, Checkbox, readCookie } from '@credimo/shared';
import { shell as texts } from '@credimo/shared/i18n/screens/shell';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { chooseApiUrl } from '../api-override';
import { appConfig } from '../app-config';
import { reloadPage } from '../browser';
import {
  DEV_FLAGS,
  type DevFlag,
  devFlagsAtom,
  devMenuCookieSet,
  isDevMenuKey,
  keepDevMenuOpen,
  setDevFlag,
} from '../dev-flags';
import styles from './layout.module.css';

const FLAG_LABELS: Record<DevFlag, string> = { stepperDisabled: texts.devStepperDisabled };

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * SPEC section 6: the hidden developer menu, toggled by the backtick or tilde key (not while typing in a field)
 * or kept open by its cookie (30 days): feature flags and the API URL override (allow-listed addresses only).
 */
export function DevMenu() {
  const [open, setOpen] = useState(devMenuCookieSet);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isDevMenuKey(event) || typing(event.target)) return;
      setOpen((was) => {
        keepDevMenuOpen(!was);
        return !was;
      });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  return (
    <aside className={styles.devMenu} aria-label={texts.devMenuTitle}>
      <h2>{texts.devMenuTitle}</h2>
      <DevFlags />
      <ApiUrlOverride />
      <Button
        variant="link"
        onClick={() => {
          keepDevMenuOpen(false);
          setOpen(false);
        }}
      >
        {texts.devClose}
      </Button>
    </aside>
  );
}

function DevFlags() {
  const flags = useAtomValue(devFlagsAtom);
  return (
    <>
      {DEV_FLAGS.map((flag) => (
        <Checkbox
          key={flag}
          label={FLAG_LABELS[flag]}
          checked={flags[flag] === true}
          onChange={(event) => setDevFlag(flag, event.target.checked)}
        />
      ))}
    </>
  );
}

function ApiUrlOverride() {
  const config = appConfig();
  const id = useId();
  const [chosen, setChosen] = useState(readCookie('devApiUrl') ?? config?.apiBaseUrl ?? '');
  const others = config?.apiUrlAllowList ?? [];
  if (!config || others.length === 0) return null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // Another API does not know this session: the page reloads and its first call signs out if need be.
        if (chooseApiUrl(chosen === config.apiBaseUrl ? null : chosen, config)) reloadPage();
      }}
    >
      <label htmlFor={id}>{texts.devApiUrl}</label>
      <select id={id} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <option value={config.apiBaseUrl}>{texts.devApiUrlConfigured.replace('{url}', config.apiBaseUrl)}</option>
        {others.map((url) => (
          <option key={url} value={url}>
            {url}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary">
        {texts.devApply}
      </Button>
    </form>
  );
}
