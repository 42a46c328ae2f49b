import {
  Alert,
  Button,
  calls,
  displayToWireDate,
  formatDisplayDate,
  formValidation,
  hasAdditionalInformation,
  type PrefillResponse,
  parseWireDate,
  type ScreenProps,
  Skeleton,
  toRedirectUser,
  type UserResponse,
  userAtom,
} from '@credimo/shared';
import { useFormik } from 'formik';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import * as yup from 'yup';
import { afterProfileComplete } from '../application/apply';
import { ConsentFields, type ConsentName } from '../auth/ConsentFields';
import { requiredConsent } from '../auth/schemas';
import { wideScreen } from '../screen';
import { additionalSchema, personalSchema } from './schemas';
import {
  type AddressesValues,
  AddressFields,
  additionalDataBody,
  ContactFields,
  type ContactValues,
  compactAddress,
  DuplicateIdModal,
  EmploymentFields,
  type EmploymentValues,
  emptyAddress,
  emptyContact,
  emptyEmployment,
  emptyIdentity,
  IdentityFields,
  type IdentityValues,
  showSaveError,
} from './sections';

const IDENTITY_FIELDS = [
  'first_name',
  'first_surname',
  'second_surname',
  'personal_id',
  'expiry_date',
  'nationality',
  'birthday',
  'gender',
] as const;
type IdentityField = (typeof IDENTITY_FIELDS)[number];

/** The dynamic step's values: every section's, typed from the contract, and the consents. */
type DynamicValues = IdentityValues & AddressesValues & EmploymentValues & ContactValues & Record<ConsentName, boolean>;

/** What the dynamic step still has to ask this customer (only missing fields are asked). */
export interface MissingData {
  identity: IdentityField[];
  registrationAddress: boolean;
  actualAddress: boolean;
  employment: boolean;
  contact: boolean;
}

const identityValue = (user: UserResponse, field: IdentityField): string | null => {
  const p = user.personal_data;
  if (!p) return null;
  const value = field === 'expiry_date' ? p.expiration_date : p[field];
  return value === null || value === '' ? null : value;
};

export function missingData(user: UserResponse): MissingData {
  const employment = !hasAdditionalInformation(toRedirectUser(user));
  return {
    // The second surname is optional: asked only alongside a whole new identity.
    identity: IDENTITY_FIELDS.filter((f) =>
      f === 'second_surname' ? user.personal_data === null : identityValue(user, f) === null,
    ),
    registrationAddress: user.addresses.registration_address === null,
    actualAddress: user.addresses.actual_address === null,
    employment,
    contact: employment && user.contact_phones.length === 0,
  };
}

const wireToDisplay = (value: string | null | undefined) => {
  const date = value ? parseWireDate(value) : null;
  return date ? formatDisplayDate(date) : '';
};

function schemaFor(missing: MissingData) {
  const personalFields: string[] = [...missing.identity];
  if (missing.registrationAddress) personalFields.push('registration_address', 'is_actual_address', 'actual_address');
  const additionalFields: string[] = [];
  if (missing.employment) {
    additionalFields.push(
      ...Object.keys(additionalSchema.fields).filter((f) => missing.contact || !f.startsWith('contact_')),
    );
  }
  return yup.object({
    ...personalSchema.pick(personalFields as never).fields,
    ...(missing.actualAddress && !missing.registrationAddress
      ? { actual_address: personalSchema.fields.registration_address }
      : {}),
    ...additionalSchema.pick(additionalFields as never).fields,
    privacyProtectionPolicy: requiredConsent(),
    agreementTerms: requiredConsent(),
    receiveInformation: yup.boolean().default(false),
  });
}

/**
 * The dynamic step (/registration/completing): one form that asks only for what is still
 * missing of the profile, prefilled from what is known (GET /v2/ocr_user), and the consents.
 */
export function DynamicScreen(props: ScreenProps) {
  const user = useAtomValue(userAtom);
  const [prefill, setPrefill] = useState<PrefillResponse | null | undefined>(undefined);
  useEffect(() => {
    calls.prefill().then(setPrefill, () => setPrefill(null));
  }, []);
  if (!user || prefill === undefined) return <Skeleton />;
  return <DynamicForm {...props} user={user} prefill={prefill} />;
}

function DynamicForm({
  user,
  prefill,
  navigate,
}: ScreenProps & { user: UserResponse; prefill: PrefillResponse | null }) {
  // Asked once, from the user as the step opened: saving must not make fields vanish under the customer.
  const [missing] = useState(() => missingData(user));
  const schema = useMemo(() => schemaFor(missing), [missing]);
  const [notice, setNotice] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState(false);
  const known = (field: IdentityField) => identityValue(user, field) ?? prefill?.[field as keyof PrefillResponse] ?? '';
  const form = useFormik<DynamicValues>({
    // Every section's values exist; only the missing ones are shown, validated and saved.
    initialValues: {
      ...emptyIdentity,
      ...(Object.fromEntries(
        missing.identity.map((f) => [
          f,
          f === 'expiry_date' || f === 'birthday' ? wireToDisplay(known(f)) : f === 'nationality' ? 'ES' : known(f),
        ]),
      ) as Partial<IdentityValues>),
      registration_address: emptyAddress,
      actual_address: emptyAddress,
      is_actual_address: true,
      ...emptyEmployment,
      ...emptyContact,
      privacyProtectionPolicy: false,
      agreementTerms: false,
      receiveInformation: false,
    },
    validationSchema: formValidation(schema),
    validateOnChange: false,
    onSubmit: async (values) => {
      setNotice(null);
      try {
        await saveMissing(user, missing, values);
        await calls.saveConfirmations(values.receiveInformation === true);
        await afterProfileComplete();
      } catch (error) {
        showSaveError(error, form, { notice: setNotice, duplicate: () => setDuplicate(true) });
      }
    },
  });
  const errorOf = (name: ConsentName) =>
    form.touched[name] || form.submitCount > 0 ? (form.errors[name] as string | undefined) : undefined;
  const asksIdentity = missing.identity.length > 0;
  return (
    <section className={wideScreen} data-screen="registrationDynamic" aria-labelledby="dynamic-title">
      <h1 id="dynamic-title">Completa tu solicitud</h1>
      <p>
        {asksIdentity || missing.registrationAddress || missing.employment
          ? 'Solo te pedimos lo que aún nos falta.'
          : 'Ya tenemos tus datos. Solo falta que aceptes las condiciones.'}
      </p>
      {notice && <Alert tone="error">{notice}</Alert>}
      <form noValidate onSubmit={form.handleSubmit}>
        {asksIdentity && (
          <fieldset>
            <legend>Identidad</legend>
            <IdentityFields form={form} asks={(f) => missing.identity.includes(f as IdentityField)} />
          </fieldset>
        )}
        {missing.registrationAddress && (
          <fieldset>
            <legend>Domicilio que figura en tu documento</legend>
            <AddressFields form={form} prefix="registration_address" />
          </fieldset>
        )}
        {missing.actualAddress && !missing.registrationAddress && (
          <fieldset>
            <legend>Dirección donde vives</legend>
            <AddressFields form={form} prefix="actual_address" />
          </fieldset>
        )}
        {missing.employment && (
          <fieldset>
            <legend>Contacto y trabajo</legend>
            <EmploymentFields form={form} />
          </fieldset>
        )}
        {missing.contact && (
          <fieldset>
            <legend>Persona de contacto</legend>
            <ContactFields form={form} />
          </fieldset>
        )}
        <ConsentFields form={form} errorOf={errorOf} />
        <Button type="submit" disabled={form.isSubmitting}>
          Continuar
        </Button>
      </form>
      {duplicate && <DuplicateIdModal navigate={navigate} onClose={() => setDuplicate(false)} />}
    </section>
  );
}

/** Saves what was missing, merged with what is known, through the same calls as the step screens. */
async function saveMissing(user: UserResponse, missing: MissingData, values: DynamicValues) {
  const identityMissing = missing.identity.length > 0;
  if (identityMissing || missing.registrationAddress) {
    const p = user.personal_data;
    const pick = (f: IdentityField, known: string | null | undefined) =>
      missing.identity.includes(f) ? values[f] : (known ?? undefined);
    const wireDate = (f: 'expiry_date' | 'birthday', known: string | undefined) =>
      missing.identity.includes(f) ? displayToWireDate(values[f]) : known;
    const identity = {
      first_name: pick('first_name', p?.first_name),
      first_surname: pick('first_surname', p?.first_surname),
      ...(pick('second_surname', p?.second_surname)
        ? { second_surname: pick('second_surname', p?.second_surname) }
        : {}),
      personal_id: String(pick('personal_id', p?.personal_id) ?? '')
        .trim()
        .toUpperCase(),
      expiry_date: wireDate('expiry_date', p?.expiration_date),
      nationality: pick('nationality', p?.nationality),
      birthday: wireDate('birthday', p?.birthday),
      gender: pick('gender', p?.gender),
    };
    const addresses = missing.registrationAddress
      ? {
          registration_address: compactAddress(values.registration_address),
          is_actual_address: values.is_actual_address === true,
          ...(values.is_actual_address ? {} : { actual_address: compactAddress(values.actual_address) }),
        }
      : null;
    if (addresses) await calls.savePersonalDataAndAddress({ ...identity, ...addresses });
    else await calls.savePersonalData(identity);
  } else if (missing.actualAddress && user.addresses.registration_address) {
    const { house, block, apartment, ...registration } = user.addresses.registration_address;
    await calls.saveAddress({
      registration_address: compactAddress({
        ...registration,
        house: house ?? '',
        block: block ?? '',
        apartment: apartment ?? '',
      }),
      is_actual_address: false,
      actual_address: compactAddress(values.actual_address),
    });
  }
  if (missing.employment) await calls.saveAdditionalData(additionalDataBody(values));
}
