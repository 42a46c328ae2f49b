import {
  Alert,
  Button,
  Checkbox,
  calls,
  displayToWireDate,
  FieldError,
  logout,
  Modal,
  messages,
  normaliseApiError,
  refreshUser,
  type ScreenProps,
  TextField,
} from '@credimo/shared';
import { type FormikProps, useFormik } from 'formik';
import { useState } from 'react';
import { wideScreen } from '../screen';
import { bind, PlaceField, SelectField, useOptions } from './fields';
import styles from './profile.module.css';
import { type PersonalValues, personalSchema } from './schemas';

const emptyAddress = { postal_code: '', region: '', city: '', street: '', house: '', block: '', apartment: '' };
type AddressKey = 'registration_address' | 'actual_address';

function AddressFields({ form, prefix }: { form: FormikProps<PersonalValues>; prefix: AddressKey }) {
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

/** SPEC section 2: personal data, both addresses (the actual one copies the registration one when the same). */
export function PersonalDataScreen({ navigate }: ScreenProps) {
  const nationalities = useOptions('nationality');
  const [duplicate, setDuplicate] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useFormik<PersonalValues>({
    initialValues: {
      first_name: '',
      first_surname: '',
      second_surname: '',
      personal_id: '',
      expiry_date: '',
      nationality: 'ES',
      birthday: '',
      gender: '',
      registration_address: emptyAddress,
      is_actual_address: true,
      actual_address: emptyAddress,
    } as PersonalValues,
    validationSchema: personalSchema,
    validateOnChange: false,
    onSubmit: async (values) => {
      setNotice(null);
      const body = {
        first_name: values.first_name,
        first_surname: values.first_surname,
        ...(values.second_surname ? { second_surname: values.second_surname } : {}),
        personal_id: values.personal_id.trim().toUpperCase(),
        expiry_date: displayToWireDate(values.expiry_date),
        nationality: values.nationality,
        birthday: displayToWireDate(values.birthday),
        gender: values.gender,
        registration_address: compact(values.registration_address),
        is_actual_address: values.is_actual_address,
        ...(values.is_actual_address ? {} : { actual_address: compact(values.actual_address as typeof emptyAddress) }),
      };
      try {
        await calls.savePersonalDataAndAddress(body);
        await refreshUser();
        navigate('/registration/additional-information');
      } catch (error) {
        const problem = normaliseApiError(error);
        if (problem.fieldErrors.personal_id === messages.duplicatePersonalId) {
          setDuplicate(true);
          return;
        }
        const fields = Object.entries(problem.fieldErrors);
        for (const [name, message] of fields) form.setFieldError(name, message);
        if (fields.length === 0) setNotice(problem.message);
      }
    },
  });
  const nationalityChoice = form.values.nationality === 'ES' ? 'ES' : 'other';
  return (
    <section className={wideScreen} data-screen="registrationPersonalData" aria-labelledby="personal-title">
      <h1 id="personal-title">Tus datos personales</h1>
      <p>Los necesitamos para estudiar tu solicitud. Escríbelos como aparecen en tu DNI o NIE.</p>
      {notice && <Alert tone="error">{notice}</Alert>}
      <form noValidate onSubmit={form.handleSubmit}>
        <fieldset>
          <legend>Identidad</legend>
          <div className={styles.grid}>
            <TextField label="Nombre" autoComplete="given-name" maxLength={50} {...bind(form, 'first_name')} />
            <TextField
              label="Primer apellido"
              autoComplete="family-name"
              maxLength={50}
              {...bind(form, 'first_surname')}
            />
            <TextField label="Segundo apellido (opcional)" maxLength={50} {...bind(form, 'second_surname')} />
            <TextField label="DNI o NIE" maxLength={9} autoCapitalize="characters" {...bind(form, 'personal_id')} />
            <TextField
              label="Caducidad del documento"
              placeholder="dd/mm/aaaa"
              inputMode="numeric"
              {...bind(form, 'expiry_date')}
            />
            <TextField
              label="Fecha de nacimiento"
              placeholder="dd/mm/aaaa"
              inputMode="numeric"
              autoComplete="bday"
              {...bind(form, 'birthday')}
            />
          </div>
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
          <FieldError id="gender-error" error={form.submitCount > 0 ? form.errors.gender : undefined} />
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
        </fieldset>
        <fieldset>
          <legend>Domicilio que figura en tu documento</legend>
          <AddressFields form={form} prefix="registration_address" />
          <Checkbox
            label="Vivo en esta misma dirección"
            name="is_actual_address"
            checked={form.values.is_actual_address}
            onChange={form.handleChange}
          />
        </fieldset>
        {!form.values.is_actual_address && (
          <fieldset>
            <legend>Dirección donde vives</legend>
            <AddressFields form={form} prefix="actual_address" />
          </fieldset>
        )}
        <Button type="submit" disabled={form.isSubmitting}>
          Continuar
        </Button>
      </form>
      {duplicate && (
        <Modal
          title={messages.duplicatePersonalId}
          onClose={() => setDuplicate(false)}
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
              <Button variant="secondary" onClick={() => setDuplicate(false)}>
                Revisar mis datos
              </Button>
            </>
          }
        >
          <p>Si ya tienes una cuenta, entra con el teléfono con el que te registraste.</p>
        </Modal>
      )}
    </section>
  );
}

const compact = (address: typeof emptyAddress) =>
  Object.fromEntries(Object.entries(address).filter(([, value]) => value !== '' && value !== undefined));
