import { disbursementIbanAtom, normaliseIban, sessionStore } from '@credimo/shared';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import styles from '../account.module.css';
import { accountCalls } from '../calls';

const t = texts.iban;
/** An IBAN as people read it: groups of four. */
export const groupedIban = (iban: string) => normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/**
 * SPEC section 2: the account's IBAN selector. For the next loan, the customer picks one of the accounts we know
 * (GET /v2/user/available_bank_accounts) or another one, given later; the choice goes with the application.
 */
export function IbanSelector() {
  const [accounts, setAccounts] = useState<string[]>([]);
  const chosen = useAtomValue(disbursementIbanAtom);
  const id = useId();

  useEffect(() => {
    let live = true;
    accountCalls.bankAccounts().then(
      (list) => {
        if (!live) return;
        setAccounts(list);
        const current = sessionStore.get(disbursementIbanAtom);
        if (list[0] && (current === null || !list.includes(current))) sessionStore.set(disbursementIbanAtom, list[0]);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  if (accounts.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title}</h2>
      <label htmlFor={id}>{t.label}</label>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={chosen ?? ''}
        onChange={(event) => sessionStore.set(disbursementIbanAtom, event.target.value || null)}
      >
        {accounts.map((iban) => (
          <option key={iban} value={iban}>
            {groupedIban(iban)}
          </option>
        ))}
        <option value="">{t.other}</option>
      </select>
      <p id={`${id}-hint`} className={styles.muted}>
        {t.hint}
      </p>
    </section>
  );
}
