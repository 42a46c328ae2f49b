import { Alert, Button, calls, formValidation, PATHS, type ScreenProps } from '@credimo/shared';
import { useFormik } from 'formik';
import { useState } from 'react';
import { afterProfileComplete } from '../application/apply';
import { wideScreen } from '../screen';
import styles from './profile.module.css';
import { type AdditionalValues, additionalSchema } from './schemas';
import { additionalDataBody, ContactFields, EmploymentFields, showSaveError } from './sections';

/** E-mail, employment with its conditional fields, income, education, current loan, contact person. */
export function AdditionalInformationScreen({ navigate }: ScreenProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const form = useFormik<AdditionalValues>({
    initialValues: additionalSchema.getDefault() as AdditionalValues,
    validationSchema: formValidation(additionalSchema),
    validateOnChange: false,
    onSubmit: async (v) => {
      setNotice(null);
      const body = additionalDataBody(v);
      try {
        await calls.saveAdditionalData(body);
        await afterProfileComplete();
      } catch (error) {
        showSaveError(error, form, { notice: setNotice });
      }
    },
  });
  return (
    <section className={wideScreen} data-screen="registrationAdditionalInformation" aria-labelledby="additional-title">
      <h1 id="additional-title">Información adicional</h1>
      {notice && <Alert tone="error">{notice}</Alert>}
      <form noValidate onSubmit={form.handleSubmit}>
        <fieldset>
          <legend>Contacto y trabajo</legend>
          <EmploymentFields form={form} />
        </fieldset>
        <fieldset>
          <legend>Persona de contacto</legend>
          <ContactFields form={form} />
        </fieldset>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => navigate(PATHS.registrationPersonalData)}>
            Atrás
          </Button>
          <Button type="submit" disabled={form.isSubmitting}>
            Continuar
          </Button>
        </div>
      </form>
    </section>
  );
}
