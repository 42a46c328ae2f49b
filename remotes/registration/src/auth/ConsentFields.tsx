import { Checkbox, visuallyHidden } from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';
import type { FormikProps } from 'formik';
import styles from './auth.module.css';

/** SPEC section 3's consents, in the order shown; receiveInformation (marketing) is optional, never pre-ticked. */
export const CONSENTS = ['privacyProtectionPolicy', 'agreementTerms', 'receiveInformation'] as const;
export type ConsentName = (typeof CONSENTS)[number];
const CONSENT_LABELS: Record<ConsentName, string> = {
  privacyProtectionPolicy: texts.privacy,
  agreementTerms: texts.terms,
  receiveInformation: texts.marketing,
};

/** The three consents with "select all" (SPEC section 5: it toggles all three). */
export function ConsentFields<V extends Record<ConsentName, boolean>>({
  form,
  errorOf,
}: {
  form: FormikProps<V>;
  errorOf: (name: ConsentName) => string | undefined;
}) {
  const allChecked = CONSENTS.every((name) => form.values[name]);
  return (
    <fieldset className={styles.consents}>
      <legend className={visuallyHidden}>Consentimientos</legend>
      <Checkbox
        label={texts.selectAll}
        checked={allChecked}
        onChange={(event) => {
          for (const name of CONSENTS) void form.setFieldValue(name, event.target.checked, false);
        }}
      />
      {CONSENTS.map((name) => (
        <Checkbox
          key={name}
          label={CONSENT_LABELS[name]}
          name={name}
          checked={form.values[name]}
          onChange={form.handleChange}
          error={errorOf(name)}
        />
      ))}
    </fieldset>
  );
}
