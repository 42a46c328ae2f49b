import { Alert, Button, cardRequestGroup, fill, normaliseApiError, type UserResponse } from '@credimo/shared';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useState } from 'react';
import styles from '../account.module.css';
import { leaveTo } from '../browser';
import { accountCalls } from '../calls';

/** The customer's personal promo codes (earned discounts). */
export function PromoCodes({ user }: { user: UserResponse }) {
  if (user.discounts.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="promo-title">
      <h2 id="promo-title">{texts.promo.title}</h2>
      <ul className={styles.list}>
        {user.discounts.map((discount) => (
          <li key={`${discount.target}-${discount.percent}`}>
            <strong>{fill(texts.promo.percent, { n: discount.percent })}</strong> {discount.description}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Starts a card request at the acquirer: the browser goes to its tokenization page and comes back to /account. */
export async function addCard(): Promise<string | null> {
  try {
    const started = await accountCalls.addCard();
    leaveTo(accountCalls.apiAddress(started.url));
    return null;
  } catch (failure) {
    return normaliseApiError(failure).message;
  }
}

/**
 * The auto-debit offer (a card earns 15 % off the next loan) for a customer without a
 * card; a card request still being processed says so; a failed one says why and offers again.
 */
export function AutoDebitOffer({ user }: { user: UserResponse }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const group = cardRequestGroup(user.payment_card_request_status);
  if ((user.payment_cards?.length ?? 0) > 0 || group === 'completed') return null;
  const t = texts.autoDebit;
  if (group === 'processing') return <Alert tone="info">{t.processing}</Alert>;
  const start = async () => {
    setBusy(true);
    setError(await addCard());
    setBusy(false);
  };
  return (
    <section className={styles.card} aria-labelledby="autodebit-title">
      <h2 id="autodebit-title">{t.title}</h2>
      {group === 'error' && <Alert tone="error">{t.failed}</Alert>}
      <p>{t.body}</p>
      <Button onClick={() => void start()} disabled={busy}>
        {t.button}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}
