import {
  Alert,
  Button,
  CONTACT_TYPES,
  calls,
  displayToWireDate,
  nationalDigits,
  needsBusinessActivity,
  needsCompanyName,
  normaliseApiError,
  parseEuros,
  refreshUser,
  type ScreenProps,
  SELECTABLE_CONTACT_TYPES,
  TextField,
} from '@credimo/shared';
import { useFormik } from 'formik';
import { useState } from 'react';
import { wideScreen } from '../screen';
import { bind, SelectField, useOptions } from './fields';
import styles from './profile.module.css';
import { type AdditionalValues, additionalSchema } from './schemas';

const CONTACT_OPTIONS = SELECTABLE_CONTACT_TYPES.map((id) => ({
  id,
  name: CONTACT_TYPES[id as keyof typeof CONTACT_TYPES],
}));

/** SPEC section 2: e-mail, employment with its conditional fields, income, education, current loan, contact person. */
export function AdditionalInformationScreen({ navigate }: ScreenProps) {
  const employmentTypes = useOptions('employment_type');
  const educations = useOptions('education');
  const activities = useOptions('business_activity');
  const [notice, setNotice] = useState<string | null>(null);
  const form = useFormik<AdditionalValues>({
    initialValues: additionalSchema.getDefault() as AdditionalValues,
    validationSchema: additionalSchema,
    validateOnChange: false,
    onSubmit: async (v) => {
      setNotice(null);
      const type = Number(v.employment_type_id);
      const body: Record<string, unknown> = {
        email: v.email.trim(),
        employment_type_id: type,
        education: v.education,
        has_current_loan: v.has_current_loan === 'yes',
        contact_type: Number(v.contact_type),
        contact_name: v.contact_name,
        contact_phone_number: nationalDigits(v.contact_phone_number),
      };
      if (needsBusinessActivity(type)) {
        body.business_activity_id = Number(v.business_activity_id);
        body.position = v.position;
        body.employment_date = displayToWireDate(v.employment_date);
      }
      if (needsCompanyName(type)) body.company_name = v.company_name;
      if (v.income_amount) body.income_amount = parseEuros(v.income_amount);
      if (v.income_date) body.income_date = displayToWireDate(v.income_date);
      try {
        await calls.saveAdditionalData(body);
        await refreshUser();
        navigate('/account');
      } catch (error) {
        const problem = normaliseApiError(error);
        const fields = Object.entries(problem.fieldErrors);
        for (const [name, message] of fields) form.setFieldError(name, message);
        if (fields.length === 0) setNotice(problem.message);
      }
    },
  });
  const type = Number(form.values.employment_type_id);
  return (
    <section className={wideScreen} data-screen="registrationAdditionalInformation" aria-labelledby="additional-title">
      <h1 id="additional-title">Información adicional</h1>
      {notice && <Alert tone="error">{notice}</Alert>}
      <form noValidate onSubmit={form.handleSubmit}>
        <fieldset>
          <legend>Contacto y trabajo</legend>
          <TextField
            label="Correo electrónico"
            type="email"
            autoComplete="email"
            maxLength={100}
            {...bind(form, 'email')}
          />
          <SelectField label="Situación laboral" options={employmentTypes} {...bind(form, 'employment_type_id')} />
          {needsBusinessActivity(type) && (
            <div className={styles.grid}>
              <SelectField label="Sector de actividad" options={activities} {...bind(form, 'business_activity_id')} />
              {needsCompanyName(type) && <TextField label="Empresa" maxLength={50} {...bind(form, 'company_name')} />}
              <TextField label="Puesto" maxLength={50} {...bind(form, 'position')} />
              <TextField
                label="Fecha de inicio"
                placeholder="dd/mm/aaaa"
                inputMode="numeric"
                {...bind(form, 'employment_date')}
              />
            </div>
          )}
          <div className={styles.grid}>
            <TextField label="Ingresos mensuales (€, opcional)" inputMode="decimal" {...bind(form, 'income_amount')} />
            <TextField
              label="Próximo cobro (opcional)"
              placeholder="dd/mm/aaaa"
              inputMode="numeric"
              {...bind(form, 'income_date')}
            />
          </div>
          <SelectField label="Estudios" options={educations} {...bind(form, 'education')} />
          <SelectField
            label="¿Tienes ahora otro préstamo?"
            options={[
              { id: 'yes', name: 'Sí' },
              { id: 'no', name: 'No' },
            ]}
            {...bind(form, 'has_current_loan')}
          />
        </fieldset>
        <fieldset>
          <legend>Persona de contacto</legend>
          <SelectField label="Relación" options={CONTACT_OPTIONS} {...bind(form, 'contact_type')} />
          <div className={styles.grid}>
            <TextField label="Nombre" maxLength={50} {...bind(form, 'contact_name')} />
            <TextField label="Teléfono" type="tel" inputMode="numeric" {...bind(form, 'contact_phone_number')} />
          </div>
        </fieldset>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => navigate('/registration/personal-data')}>
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
