import { Button, TextField } from '@credimo/shared';
import { auth as texts } from '@credimo/shared/i18n/screens/auth';
import { type FormikHelpers, useFormik } from 'formik';
import type { ReactNode } from 'react';
import * as yup from 'yup';
import { smsCodeField } from '../auth/schemas';
import styles from './code.module.css';

/** One code field of the form: the code sent to the phone, or a second one (a phone change's current phone). */
export interface CodeField {
  name: string;
  label: string;
  /** The phone's own autofill of a received code; `off` for a second code the browser must not guess. */
  autoComplete?: 'one-time-code' | 'off';
}

export type CodeValues = Record<string, string>;

const CODE_FIELD: CodeField = { name: 'code', label: texts.codeLabel, autoComplete: 'one-time-code' };

/**
 * The one form that takes an SMS code (sign-in, a phone change, signing the agreement): each field checked by the
 * shared code rule, the API's refusal shown on the field it names, and the resend button held back until its
 * timer has run out. The screens around it say what the code is for.
 */
export function SmsCodeForm({
  fields = [CODE_FIELD],
  submitLabel,
  onSubmit,
  resend,
  children,
}: {
  fields?: readonly CodeField[];
  submitLabel: string;
  /** Confirms the code; calls `helpers.setFieldError` on the field a refusal names. */
  onSubmit: (values: CodeValues, helpers: FormikHelpers<CodeValues>) => Promise<void>;
  resend: { label: string; secondsLeft: number; countdown: string; onResend: () => void };
  /** Further ways on beside the resend button (WhatsApp, another phone). */
  children?: ReactNode;
}) {
  const form = useFormik<CodeValues>({
    initialValues: Object.fromEntries(fields.map((field) => [field.name, ''])),
    validationSchema: yup.object(Object.fromEntries(fields.map((field) => [field.name, smsCodeField()]))),
    validateOnChange: false,
    onSubmit,
  });
  return (
    <>
      <form noValidate onSubmit={form.handleSubmit}>
        {fields.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            inputMode="numeric"
            autoComplete={field.autoComplete ?? 'one-time-code'}
            maxLength={4}
            value={form.values[field.name] ?? ''}
            onChange={(event) => form.setFieldValue(field.name, event.target.value.replace(/\s/g, ''))}
            error={form.submitCount > 0 ? form.errors[field.name] : undefined}
          />
        ))}
        <Button type="submit" disabled={form.isSubmitting}>
          {submitLabel}
        </Button>
      </form>
      <p className={styles.timer} aria-live="polite">
        {resend.secondsLeft > 0 ? resend.countdown : null}
      </p>
      <div className={styles.row}>
        <Button variant="link" disabled={resend.secondsLeft > 0} onClick={resend.onResend}>
          {resend.label}
        </Button>
        {children}
      </div>
    </>
  );
}
