import { useEffect, useState } from 'react';
import { call } from '../../api/client';
import type { CustomerRightsResponse } from '../../contract';
import { fill } from '../../i18n/fill';
import { debtAdvice as t } from '../../i18n/screens/debt-advice';
import styles from './debt-advice.module.css';

/**
 * Free debt advice and the lender's complaints service (CCD2 Art. 36), as operators set them
 * (GET /v2/customer-rights): in the account's late-payment banner (under its own heading, so `h3`) and on the help
 * page (`h2`). Nothing shows until the settings arrive. Each remote loads it as a chunk of its own.
 */
export default function DebtAdvice({ heading = 'h2' }: { heading?: 'h2' | 'h3' }) {
  const [settings, setSettings] = useState<CustomerRightsResponse | null>(null);
  useEffect(() => {
    void call('customerRights')
      .then(setSettings)
      .catch(() => setSettings(null));
  }, []);
  if (!settings) return null;
  const Heading = heading;
  const { complaints } = settings;
  return (
    <section aria-labelledby="debt-advice-title" data-debt-advice>
      <Heading id="debt-advice-title">{t.title}</Heading>
      <p>{t.body}</p>
      <ul className={styles.services}>
        {settings.debt_advice.map((service) => (
          <li key={service.name}>
            <a className={styles.link} href={service.url} target="_blank" rel="noreferrer">
              {service.name}
            </a>
            {service.description && <>: {service.description}</>}
            {service.phone && (
              <>
                {' '}
                <a className={styles.link} href={`tel:${service.phone.replace(/\s/g, '')}`}>
                  {fill(t.phone, { phone: service.phone })}
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
      <Heading>{t.complaintsTitle}</Heading>
      <p>{fill(t.complaints, { name: complaints.name })}</p>
      <ul className={styles.services}>
        <li>
          <a className={styles.link} href={`mailto:${complaints.email}`}>
            {fill(t.email, { email: complaints.email })}
          </a>
        </li>
        {complaints.address && <li>{fill(t.address, { address: complaints.address })}</li>}
        {complaints.url && (
          <li>
            <a className={styles.link} href={complaints.url} target="_blank" rel="noreferrer">
              {t.web}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
