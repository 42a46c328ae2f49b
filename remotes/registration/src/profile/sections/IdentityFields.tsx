import { FieldError, TextField } from '@credimo/shared';
import type { FormikProps } from 'formik';
import { bind, bindDate, SelectField, useOptions } from '../fields';
import styles from '../profile.module.css';
import type { IdentityValues } from './values';

/** The identity fields; `asks` limits them to those the dynamic step still needs (all by default). */
export function IdentityFields<V extends Partial<IdentityValues>>({
  form,
  asks = () => true,
}: {
  form: FormikProps<V>;
  asks?: (field: keyof IdentityValues) => boolean;
}) {
  const nationalities = useOptions('nationality');
  const nationalityChoice = form.values.nationality === 'ES' ? 'ES' : 'other';
  return (
    <>
      <div className={styles.grid}>
        {asks('first_name') && (
          <TextField label="Nombre" autoComplete="given-name" maxLength={50} {...bind(form, 'first_name')} />
        )}
        {asks('first_surname') && (
          <TextField
            label="Primer apellido"
            autoComplete="family-name"
            maxLength={50}
            {...bind(form, 'first_surname')}
          />
        )}
        {asks('second_surname') && (
          <TextField label="Segundo apellido (opcional)" maxLength={50} {...bind(form, 'second_surname')} />
        )}
        {asks('personal_id') && (
          <TextField label="DNI o NIE" maxLength={9} autoCapitalize="characters" {...bind(form, 'personal_id')} />
        )}
        {asks('expiry_date') && <TextField label="Caducidad del documento" {...bindDate(form, 'expiry_date')} />}
        {asks('birthday') && (
          <TextField label="Fecha de nacimiento" autoComplete="bday" {...bindDate(form, 'birthday')} />
        )}
      </div>
      {asks('gender') && (
        <>
          <div className={styles.radios} role="radiogroup" aria-label="Sexo" aria-describedby="gender-error">
            {[
              ['male', 'Hombre'],
              ['female', 'Mujer'],
            ].map(([value, label]) => (
              <label key={value}>
                <input
                  type="radio"
                  name="gender"
                  value={value}
                  checked={form.values.gender === value}
                  onChange={form.handleChange}
                />
                {label}
              </label>
            ))}
          </div>
          <FieldError
            id="gender-error"
            error={form.submitCount > 0 ? (form.errors.gender as string | undefined) : undefined}
          />
        </>
      )}
      {asks('nationality') && (
        <>
          <SelectField
            label="Nacionalidad"
            options={[
              { id: 'ES', name: 'España' },
              { id: 'other', name: 'Otra' },
            ]}
            value={nationalityChoice}
            onChange={(event) => void form.setFieldValue('nationality', event.target.value === 'ES' ? 'ES' : '')}
          />
          {nationalityChoice === 'other' && (
            <SelectField
              label="País"
              options={nationalities.filter((n) => n.id !== 'ES')}
              {...bind(form, 'nationality')}
            />
          )}
        </>
      )}
    </>
  );
}
