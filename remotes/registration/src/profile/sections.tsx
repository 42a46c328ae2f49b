import {
  Button,
  CONTACT_TYPES,
  displayToWireDate,
  FieldError,
  logout,
  Modal,
  messages,
  nationalDigits,
  needsBusinessActivity,
  needsCompanyName,
  normaliseApiError,
  parseEuros,
  type ScreenProps,
  SELECTABLE_CONTACT_TYPES,
  TextField,
} from '@credimo/shared';
import type { FormikProps } from 'formik';
import { useState } from 'react';
import { bind, PlaceField, SelectField, useOptions } from './fields';
import styles from './profile.module.css';
import type { AdditionalValues } from './schemas';

// Field groups shared by the step screens and the dynamic step, which asks only for what is missing.
// biome-ignore lint/suspicious/noExplicitAny: a group binds by field name into whichever form holds it
type AnyForm = FormikProps<any>;

export const emptyAddress = { postal_code: '', region: '', city: '', street: '', house: '', block: '', apartment: '' };
export type AddressValues = typeof emptyAddress;
export type AddressKey = 'registration_address' | 'actual_address';

export const compactAddress = (address: AddressValues) =>
  Object.fromEntries(Object.entries(address).filter(([, value]) => value !== '' && value !== undefined));

export function AddressFields({ form, prefix }: { form: AnyForm; prefix: AddressKey }) {
  const [regionId, setRegionId] = useState<number | null>(null);
  const [cityId, setCityId] = useState<number | null>(null);
  const field = (name: string) => bind(form, `${prefix}.${name}`);
  const place = (name: 'region' | 'city' | 'street', onId: (id: number | null) => void) => ({
    ...field(name),
    onChange: (value: string, id: number | null) => {
      void form.setFieldValue(`${prefix}.${name}`, value);
      onId(id);
    },
    onBlur: () => void form.setFieldTouched(`${prefix}.${name}`, true),
  });
  return (
    <div className={styles.grid}>
      <TextField label="Código postal" inputMode="numeric" maxLength={5} {...field('postal_code')} />
      <PlaceField label="Provincia" kind="regions" {...place('region', setRegionId)} />
      <PlaceField
        label="Municipio"
        kind="cities"
        parent={{ key: 'region_id', id: regionId }}
        {...place('city', setCityId)}
      />
      <PlaceField label="Calle" kind="streets" parent={{ key: 'city_id', id: cityId }} {...place('street', () => {})} />
      <TextField label="Número" maxLength={7} {...field('house')} />
      <TextField label="Bloque o portal (opcional)" maxLength={7} {...field('block')} />
      <TextField label="Piso y puerta (opcional)" maxLength={7} {...field('apartment')} />
    </div>
  );
}

/** The identity fields; `asks` limits them to those the dynamic step still needs (all by default). */
export function IdentityFields({ form, asks = () => true }: { form: AnyForm; asks?: (field: string) => boolean }) {
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
        {asks('expiry_date') && (
          <TextField
            label="Caducidad del documento"
            placeholder="dd/mm/aaaa"
            inputMode="numeric"
            {...bind(form, 'expiry_date')}
          />
        )}
        {asks('birthday') && (
          <TextField
            label="Fecha de nacimiento"
            placeholder="dd/mm/aaaa"
            inputMode="numeric"
            autoComplete="bday"
            {...bind(form, 'birthday')}
          />
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
          <FieldError id="gender-error" error={form.submitCount > 0 ? (form.errors.gender as string) : undefined} />
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

const CONTACT_OPTIONS = SELECTABLE_CONTACT_TYPES.map((id) => ({
  id,
  name: CONTACT_TYPES[id as keyof typeof CONTACT_TYPES],
}));

/** E-mail, employment with its conditional fields (SPEC section 3), income, education and current loan. */
export function EmploymentFields({ form }: { form: AnyForm }) {
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
    </>
  );
}

/** The contact person: type from the selectable list, name, and a phone other than the customer's. */
export function ContactFields({ form }: { form: AnyForm }) {
  return (
    <>
      <SelectField label="Relación" options={CONTACT_OPTIONS} {...bind(form, 'contact_type')} />
      <div className={styles.grid}>
        <TextField label="Nombre del contacto" maxLength={50} {...bind(form, 'contact_name')} />
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

/** PUT /v2/user/additional_data's body from the form (SPEC section 3 field names; cents; wire dates). */
export function additionalDataBody(v: AdditionalValues): Record<string, unknown> {
  const type = Number(v.employment_type_id);
  const body: Record<string, unknown> = {
    email: v.email.trim(),
    employment_type_id: type,
    education: v.education,
    has_current_loan: v.has_current_loan === 'yes',
  };
  if (v.contact_type) {
    body.contact_type = Number(v.contact_type);
    body.contact_name = v.contact_name;
    body.contact_phone_number = nationalDigits(v.contact_phone_number);
  }
  if (needsBusinessActivity(type)) {
    body.business_activity_id = Number(v.business_activity_id);
    body.position = v.position;
    body.employment_date = displayToWireDate(v.employment_date);
  }
  if (needsCompanyName(type)) body.company_name = v.company_name;
  if (v.income_amount) body.income_amount = parseEuros(v.income_amount);
  if (v.income_date) body.income_date = displayToWireDate(v.income_date);
  return body;
}

/**
 * SPEC section 8, save errors: a personal id registered before opens the duplicate modal; other errors go to
 * their fields, or to the notice when no field claims them.
 */
export function showSaveError(
  error: unknown,
  form: AnyForm,
  on: { notice: (message: string) => void; duplicate?: () => void },
): void {
  const problem = normaliseApiError(error);
  if (on.duplicate && problem.fieldErrors.personal_id === messages.duplicatePersonalId) {
    on.duplicate();
    return;
  }
  const fields = Object.entries(problem.fieldErrors);
  for (const [name, message] of fields) form.setFieldError(name, message);
  if (fields.length === 0) on.notice(problem.message);
}

/** SPEC section 2: the duplicated personal-id modal; its login action logs out. */
export function DuplicateIdModal({ navigate, onClose }: { navigate: ScreenProps['navigate']; onClose: () => void }) {
  return (
    <Modal
      title={messages.duplicatePersonalId}
      onClose={onClose}
      actions={
        <>
          <Button
            onClick={async () => {
              await logout();
              navigate('/auth', { replace: true });
            }}
          >
            Iniciar sesión
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Revisar mis datos
          </Button>
        </>
      }
    >
      <p>Si ya tienes una cuenta, entra con el teléfono con el que te registraste.</p>
    </Modal>
  );
}
