import { call } from '@credimo/shared';
import type { CustomerRightsResponse } from '@credimo/shared/contract';
import { debtAdvice } from '@credimo/shared/i18n/screens/debt-advice';
import { useEffect, useState } from 'react';
import styles from './payments.module.css';

const t = debtAdvice;

/**
 * The help page's free debt advice and complaints service (CCD2 Art. 36), as operators set them
 * (GET /v2/customer-rights); its own chunk, loaded after the page's text.
 */
export default function DebtAdvice() {
  const [settings, setSettings] = useState<CustomerRightsResponse | null>(null);
  useEffect(() => {
    void call('customerRights')
      .then(setSettings)
      .catch(() => setSettings(null));
  }, []);
  if (!settings) return null;
  const { complaints } = settings;
  return (
    <section aria-labelledby="debt-advice-title" data-debt-advice>
      <h2 id="debt-advice-title">{t.title}</h2>
      <p>{t.body}</p>
      <ul>
        {settings.debt_advice.map((service) => (
          <li key={service.name}>
            <a className={styles.adviceLink} href={service.url} target="_blank" rel="noreferrer">
              {service.name}
            </a>
            {service.description && <>: {service.description}</>}
            {service.phone && (
              <>
                {' '}
                <a className={styles.adviceLink} href={`tel:${service.phone.replace(/\s/g, '')}`}>
                  {t.phone(service.phone)}
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
      <h2>{t.complaintsTitle}</h2>
      <p>{t.complaints(complaints.name)}</p>
      <ul>
        <li>
          <a className={styles.adviceLink} href={`mailto:${complaints.email}`}>
            {t.email(complaints.email)}
          </a>
        </li>
        {complaints.address && <li>{t.address(complaints.address)}</li>}
        {complaints.url && (
          <li>
            <a className={styles.adviceLink} href={complaints.url} target="_blank" rel="noreferrer">
              {t.web}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
