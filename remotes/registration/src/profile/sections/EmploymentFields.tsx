import { needsBusinessActivity, needsCompanyName, TextField } from '@credimo/shared';
import type { FormikProps } from 'formik';
import { bind, bindDate, SelectField, useOptions } from '../fields';
import styles from '../profile.module.css';
import type { EmploymentValues } from './values';

/** E-mail, employment with its conditional fields, income, education and current loan. */
export function EmploymentFields<V extends Partial<EmploymentValues>>({ form }: { form: FormikProps<V> }) {
  const employmentTypes = useOptions('employment_type');
  const educations = useOptions('education');
  const activities = useOptions('business_activity');
  const type = Number(form.values.employment_type_id);
  return (
    <>
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
          <TextField label="Fecha de inicio" {...bindDate(form, 'employment_date')} />
        </div>
      )}
      <div className={styles.grid}>
        <TextField label="Ingresos mensuales (€, opcional)" inputMode="decimal" {...bind(form, 'income_amount')} />
        <TextField label="Próximo cobro (opcional)" {...bindDate(form, 'income_date')} />
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
    </>
  );
}
