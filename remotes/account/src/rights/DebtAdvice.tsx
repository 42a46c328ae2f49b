import type { CustomerRightsResponse } from '@credimo/shared/contract';
import { debtAdvice } from '@credimo/shared/i18n/screens/debt-advice';
import { useEffect, useState } from 'react';
import { rightsCalls } from './calls';
import own from './rights.module.css';

const t = debtAdvice;

/**
 * Free debt advice and the lender's complaints service (CCD2 Art. 36), as operators set them: in the late-payment
 * banner and on the help page. Nothing shows until the settings arrive (the banner's own help stays).
 */
export function DebtAdviceList({ settings }: { settings: CustomerRightsResponse }) {
  const { complaints } = settings;
  return (
    <div data-debt-advice>
      <h3>{t.title}</h3>
      <p>{t.body}</p>
      <ul className={own.services}>
        {settings.debt_advice.map((service) => (
          <li key={service.name}>
            <a className={own.adviceLink} href={service.url} target="_blank" rel="noreferrer">
              {service.name}
            </a>
            {service.description && <>: {service.description}</>}
            {service.phone && (
              <>
                {' '}
                <a className={own.adviceLink} href={`tel:${service.phone.replace(/\s/g, '')}`}>
                  {t.phone(service.phone)}
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
      <h3>{t.complaintsTitle}</h3>
      <p>{t.complaints(complaints.name)}</p>
      <ul className={own.services}>
        <li>
          <a className={own.adviceLink} href={`mailto:${complaints.email}`}>
            {t.email(complaints.email)}
          </a>
        </li>
        {complaints.address && <li>{t.address(complaints.address)}</li>}
        {complaints.url && (
          <li>
            <a className={own.adviceLink} href={complaints.url} target="_blank" rel="noreferrer">
              {t.web}
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}

/** The list with its settings loaded: the account's lazy part of the late-payment banner. */
export default function DebtAdvice() {
  const [settings, setSettings] = useState<CustomerRightsResponse | null>(null);
  useEffect(() => {
    void rightsCalls
      .settings()
      .then(setSettings)
      .catch(() => setSettings(null));
  }, []);
  return settings ? <DebtAdviceList settings={settings} /> : null;
}
