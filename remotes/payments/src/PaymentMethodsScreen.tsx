import {
  Alert,
  Button,
  fill,
  formatMoney,
  groupedIban,
  loanAtom,
  normaliseApiError,
  PATHS,
  paymentConcept,
  refreshUser,
  type ScreenProps,
  userAtom,
} from '@credimo/shared';
import { payments as paymentTexts } from '@credimo/shared/i18n/screens/payments';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { PAYMENT_BANKS } from './banks';
import { browser } from './browser';
import { isPaymentChoice, type PaymentChoice, paymentCalls } from './calls';
import { failedPath } from './InfoScreens';
import styles from './payments.module.css';

const texts = paymentTexts.methods;

/** The card button stays disabled this long after a click. */
export const CARD_BUTTON_DISABLED_MS = 8_000;
/** While a payment awaits the bank, the loan is asked again this often. */
export const PENDING_POLL_MS = 5_000;

/** A new key for one payment the customer means to make (the API charges a key once). */
function paymentKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The payment methods for the amount chosen on the account (card, Bizum when the customer
 * has it, bank transfer to three banks, cash at a cash machine with no fee). Reachable only through the button
 * that hands it the choice; otherwise back to the account. While a payment awaits the bank every payment action
 * is blocked, and the card button stays disabled 8 s after a click.
 */
export function PaymentMethodsScreen({ screen, state, navigate }: ScreenProps) {
  const choice = isPaymentChoice(state) ? state : null;
  const user = useAtomValue(userAtom);
  const loan = useAtomValue(loanAtom);
  const [fresh, setFresh] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cardBusy, setCardBusy] = useState(false);
  const [bizumBusy, setBizumBusy] = useState(false);
  const [savedCardBusy, setSavedCardBusy] = useState(false);
  // One key for this page's payment: a second click or a retry is the same payment, never a second charge.
  const [key, setKey] = useState(paymentKey);
  const savedCards = user?.payment_cards ?? [];

  useEffect(() => {
    if (!choice) navigate(PATHS.account, { replace: true });
  }, [choice, navigate]);

  // The loan is the session's own (loanAtom), read fresh on arrival and again while a payment is pending.
  const load = useCallback(async () => {
    try {
      await refreshUser();
      setFresh(true);
    } catch (error) {
      setFailure(normaliseApiError(error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const pending = loan?.has_pending_payment === true;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void load(), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, load]);
  useEffect(() => {
    if (!cardBusy) return;
    const timer = setTimeout(() => setCardBusy(false), CARD_BUTTON_DISABLED_MS);
    return () => clearTimeout(timer);
  }, [cardBusy]);

  if (!choice) return null;
  const blocked = pending || !fresh;

  const payByCard = async () => {
    setCardBusy(true);
    setFailure(null);
    try {
      const made = await paymentCalls.card(choice);
      if (!made.payment_link || !browser.go(made.payment_link)) navigate(failedPath('unopened'));
    } catch (error) {
      setFailure(normaliseApiError(error).message);
    }
  };
  const payBySavedCard = async (cardId: string) => {
    setSavedCardBusy(true);
    setFailure(null);
    try {
      const paid = await paymentCalls.savedCard(choice, cardId, key);
      if (paid.status === 'paid') navigate(PATHS.account);
      else navigate(failedPath('declined'));
    } catch (error) {
      const problem = normaliseApiError(error);
      setFailure(problem.message);
      // Refused (a wrong amount, a pending payment): nothing was charged, another try is another payment. With no
      // answer the card may have been charged: a retry keeps the key, so it is the same payment.
      if (problem.status >= 400 && problem.status < 500) setKey(paymentKey());
      setSavedCardBusy(false);
    }
  };
  const payByBizum = async () => {
    setBizumBusy(true);
    setFailure(null);
    try {
      const form = await paymentCalls.bizum(choice);
      if (!browser.post(form.actionUrl, form.fields)) navigate(failedPath('unopened'));
    } catch (error) {
      setFailure(normaliseApiError(error).message);
      setBizumBusy(false);
    }
  };
  const concept = paymentConcept(loan?.public_id ?? '', choice);

  return (
    <section className={styles.screen} data-screen={screen} aria-labelledby="payment-methods-title">
      <h1 id="payment-methods-title">{texts.title}</h1>
      <Summary choice={choice} />
      {pending && (
        <div role="status">
          <Alert tone="info">{texts.pending}</Alert>
        </div>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}

      {savedCards.length > 0 && (
        <section className={styles.method} aria-labelledby="method-saved-card">
          <h2 id="method-saved-card">{texts.savedCard}</h2>
          <p>{texts.savedCardBody}</p>
          {savedCards.map((card) => (
            <Button key={card.id} onClick={() => payBySavedCard(card.id)} disabled={blocked || savedCardBusy}>
              {fill(texts.payWithSavedCard, { amount: formatMoney(choice.amount), lastDigits: card.pan.slice(-4) })}
            </Button>
          ))}
        </section>
      )}

      <section className={styles.method} aria-labelledby="method-card">
        <h2 id="method-card">{texts.card}</h2>
        <p>{texts.cardBody}</p>
        <Button onClick={payByCard} disabled={blocked || cardBusy}>
          {texts.card}
        </Button>
      </section>

      {user?.is_bizum_payment_provider_enabled && (
        <section className={styles.method} aria-labelledby="method-bizum">
          <h2 id="method-bizum">{texts.bizum}</h2>
          <p>{texts.bizumBody}</p>
          <Button onClick={payByBizum} disabled={blocked || bizumBusy}>
            {texts.bizum}
          </Button>
        </section>
      )}

      {!pending && (
        <>
          <section className={styles.method} aria-labelledby="method-transfer">
            <h2 id="method-transfer">{texts.transfer}</h2>
            <p>{fill(texts.transferBody, { concept })}</p>
            {choice.payment_type === 'prolongation' && <p>{texts.extensionConcept}</p>}
            <ul className={styles.banks}>
              {PAYMENT_BANKS.map((bank) => (
                <li key={bank.iban}>
                  <dl className={styles.summary}>
                    <dt>{texts.entidad}</dt>
                    <dd>{bank.entidad}</dd>
                    <dt>{texts.iban}</dt>
                    <dd className={styles.iban}>{groupedIban(bank.iban)}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </section>

          <section className={styles.method} aria-labelledby="method-cash">
            <h2 id="method-cash">{texts.cash}</h2>
            <p>{fill(texts.cashBody, { concept })}</p>
            <p>
              <strong>{texts.noFee}</strong>
            </p>
            <ul className={styles.banks}>
              {PAYMENT_BANKS.map((bank) => (
                <li key={bank.link}>
                  <a className={styles.link} href={bank.link} target="_blank" rel="noopener noreferrer">
                    {fill(texts.atm, { bank: bank.entidad })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}

      <Button variant="secondary" onClick={() => navigate(PATHS.account)}>
        {texts.back}
      </Button>
    </section>
  );
}

function Summary({ choice }: { choice: PaymentChoice }) {
  return (
    <dl className={styles.summary}>
      <dt>{texts.what[choice.payment_type]}</dt>
      <dd>{choice.term ? fill(texts.term, { days: choice.term }) : ''}</dd>
      <dt>{texts.amount}</dt>
      <dd>{formatMoney(choice.amount)}</dd>
    </dl>
  );
}
