import { CONTACT_TYPES, contactNeedsName, SELECTABLE_CONTACT_TYPES, TextField } from '@credimo/shared';
import type { FormikProps } from 'formik';
import { bind, SelectField } from '../fields';
import styles from '../profile.module.css';
import type { ContactValues } from './values';

const CONTACT_OPTIONS = SELECTABLE_CONTACT_TYPES.map((id) => ({
  id,
  name: CONTACT_TYPES[id as keyof typeof CONTACT_TYPES],
}));

/**
 * The contact person: type from the selectable list, a name for the types that need one (see
 * contactNeedsName), and a phone other than the customer's.
 */
export function ContactFields<V extends Partial<ContactValues>>({ form }: { form: FormikProps<V> }) {
  return (
    <>
      <SelectField label="Relación" options={CONTACT_OPTIONS} {...bind(form, 'contact_type')} />
      <div className={styles.grid}>
        {contactNeedsName(Number(form.values.contact_type)) && (
          <TextField label="Nombre del contacto" maxLength={50} {...bind(form, 'contact_name')} />
        )}
        <TextField
          label="Teléfono del contacto"
          type="tel"
          inputMode="numeric"
          {...bind(form, 'contact_phone_number')}
        />
      </div>
    </>
  );
}
