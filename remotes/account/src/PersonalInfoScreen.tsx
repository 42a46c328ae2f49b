import { Alert, Button, fill, formatPhone, type ScreenProps, userAtom } from '@credimo/shared';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import styles from './account.module.css';
import { accountCalls, type SavedCard } from './calls';
import { DataRights } from './DataRights';
import { useAccountPolling } from './inbox';
import { addCard } from './loan/Offers';
import { useAction } from './use-action';

const t = texts.personalInfo;

/** Personal information (full name, email, DNI/NIE, phone), the saved cards and the customer's data. */
export function PersonalInfoScreen({ screen, navigate }: ScreenProps) {
  useAccountPolling();
  const user = useAtomValue(userAtom);
  const personal = user?.personal_data ?? null;
  const fullName = personal
    ? [personal.first_name, personal.first_surname, personal.second_surname].filter(Boolean).join(' ')
    : '';
  return (
    <div className={styles.screen} data-screen={screen}>
      <h1>{t.title}</h1>
      {user && (
        <section className={styles.card} aria-label={t.title}>
          <dl className={styles.summary}>
            <dt>{t.fullName}</dt>
            <dd>{fullName}</dd>
            <dt>{t.email}</dt>
            <dd>{personal?.email ?? ''}</dd>
            <dt>{t.personalId}</dt>
            <dd>{personal?.personal_id ?? ''}</dd>
            <dt>{t.phone}</dt>
            <dd>{formatPhone(user.contacts.mobile_phone)}</dd>
          </dl>
        </section>
      )}
      <SavedCards />
      {user && <DataRights navigate={navigate} />}
    </div>
  );
}

/** GET /v2/user/payment_cards, validate, set default, and add one through the acquirer. */
function SavedCards() {
  const [cards, setCards] = useState<SavedCard[] | null>(null);
  const { busy, notice: note, setNotice: setNote, act } = useAction();

  const load = useCallback(async () => setCards(await accountCalls.paymentCards()), []);
  useEffect(() => {
    void load().catch(() => setCards([]));
  }, [load]);

  const makeDefault = (id: string) =>
    act(async () => {
      await accountCalls.setDefaultCard(id);
      await load();
    });
  const validate = (id: string) =>
    act(async () => {
      const answer = await accountCalls.validateCard(id);
      setNote(answer.valid ? { tone: 'success', text: t.valid } : { tone: 'error', text: answer.reason ?? t.invalid });
    });
  const add = () =>
    act(async () => {
      const error = await addCard();
      if (error) setNote({ tone: 'error', text: error });
    });

  return (
    <section className={styles.card} aria-labelledby="cards-title">
      <h2 id="cards-title">{t.cards}</h2>
      {cards !== null && cards.length === 0 && <p>{t.noCards}</p>}
      {cards && cards.length > 0 && (
        <ul className={styles.list}>
          {cards.map((card) => (
            <li key={card.id} className={styles.row}>
              <span>
                <strong>{fill(t.card, { pan: card.pan })}</strong> · {card.holder} ·{' '}
                {fill(t.expires, { month: String(card.expiry_month).padStart(2, '0'), year: card.expiry_year })}
                {card.is_default && <> · {t.isDefault}</>}
              </span>
              {!card.is_default && (
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-label={`${t.setDefault}: ${fill(t.card, { pan: card.pan })}`}
                  onClick={() => void makeDefault(card.id)}
                >
                  {t.setDefault}
                </Button>
              )}
              <Button
                variant="secondary"
                disabled={busy}
                aria-label={`${t.validate}: ${fill(t.card, { pan: card.pan })}`}
                onClick={() => void validate(card.id)}
              >
                {t.validate}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {note && <Alert tone={note.tone}>{note.text}</Alert>}
      <Button onClick={() => void add()} disabled={busy}>
        {t.addCard}
      </Button>
    </section>
  );
}
