import { madridToday, wireToDisplayDate } from '@credimo/shared';
import type { CollectionContact } from '@credimo/shared/contract';
import { customerRights } from '@credimo/shared/i18n/screens/customer-rights';
import { useEffect, useState } from 'react';
import styles from '../account.module.css';
import { rightsCalls } from './calls';
import own from './rights.module.css';

const t = customerRights.contacts;
const madridTime = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' });

/** Every collection contact (SMS, email, staff's calls) with its Madrid date and time and its channel. */
export default function Contacts() {
  const [contacts, setContacts] = useState<CollectionContact[] | null>(null);
  useEffect(() => {
    void rightsCalls
      .contacts()
      .then(setContacts)
      .catch(() => setContacts([]));
  }, []);
  return (
    <section className={styles.card} aria-labelledby="contacts-title" data-contacts>
      <h2 id="contacts-title">{t.title}</h2>
      <p>{t.body}</p>
      {contacts === null && <p aria-live="polite">{t.loading}</p>}
      {contacts?.length === 0 && <p className={styles.muted}>{t.empty}</p>}
      {contacts && contacts.length > 0 && (
        <table className={own.contacts}>
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{t.channel}</th>
            </tr>
          </thead>
          <tbody>
            {contacts.map((contact) => (
              <tr key={`${contact.at}:${contact.channel}`}>
                <td>
                  {wireToDisplayDate(madridToday(new Date(contact.at)))} {madridTime.format(new Date(contact.at))}
                </td>
                <td>{t.channels[contact.channel] ?? contact.channel}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
