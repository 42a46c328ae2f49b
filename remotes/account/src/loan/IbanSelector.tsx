import { disbursementIbanAtom, groupedIban, sessionStore } from '@credimo/shared';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useAtomValue } from 'jotai';
import { useId, useLayoutEffect } from 'react';
import styles from '../account.module.css';
import { useAnswer } from './answer';
import { bankAccounts } from './bank-accounts';

const t = texts.iban;

/** The first known account is the default choice, unless the customer picked one of them already. */
function chooseDefault(list: readonly string[]) {
  const chosen = sessionStore.get(disbursementIbanAtom);
  if (list[0] && (chosen === null || !list.includes(chosen))) sessionStore.set(disbursementIbanAtom, list[0]);
}

/**
 * The account's IBAN selector. For the next loan, the customer picks one of the accounts we know
 * (GET /v2/user/available_bank_accounts) or another one, given later; the choice goes with the application.
 * The screen waits for the list (bank-accounts.ts), so the card is there when the account shows.
 */
export function IbanSelector() {
  const accounts = useAnswer(bankAccounts);
  const chosen = useAtomValue(disbursementIbanAtom);
  const id = useId();

  // Before the browser paints: the select shows the default from its first frame, as the first paint drew it, and
  // again when a list asked again arrives.
  useLayoutEffect(() => chooseDefault(accounts), [accounts]);

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
