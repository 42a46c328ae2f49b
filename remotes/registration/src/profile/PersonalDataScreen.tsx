import {
  Alert,
  Button,
  Checkbox,
  calls,
  displayToWireDate,
  formatPhone,
  formValidation,
  PATHS,
  refreshUser,
  type ScreenProps,
  userAtom,
} from '@credimo/shared';
import { profile as texts } from '@credimo/shared/i18n/screens/profile';
import { useFormik } from 'formik';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { wideScreen } from '../screen';
import { personalValuesOf } from './initial-values';
import { type PersonalValues, personalSchema } from './schemas';
import { AddressFields, compactAddress, DuplicateIdModal, IdentityFields, showSaveError } from './sections';

/** Personal data, both addresses (the actual one copies the registration one when the same). */
export function PersonalDataScreen({ navigate }: ScreenProps) {
  const user = useAtomValue(userAtom);
  const [duplicate, setDuplicate] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useFormik<PersonalValues>({
    initialValues: personalValuesOf(user),
    validationSchema: formValidation(personalSchema),
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
        registration_address: compactAddress(values.registration_address),
        is_actual_address: values.is_actual_address,
        ...(values.is_actual_address ? {} : { actual_address: compactAddress(values.actual_address) }),
      };
      try {
        await calls.savePersonalDataAndAddress(body);
        await refreshUser();
        navigate(PATHS.registrationAdditionalInformation);
      } catch (error) {
        showSaveError(error, form, { notice: setNotice, duplicate: () => setDuplicate(true) });
      }
    },
  });
  return (
    <section className={wideScreen} data-screen="registrationPersonalData" aria-labelledby="personal-title">
      <h1 id="personal-title">{texts.personalDataTitle}</h1>
      <p>{texts.personalDataIntro}</p>
      {user && (
        // A wrong number is changed before the profile is written (the phone step, with a code to each number).
        <p>
          {texts.yourPhone} {formatPhone(user.contacts.mobile_phone)}{' '}
          <a
            href={PATHS.registrationConfirmation}
            onClick={(event) => {
              event.preventDefault();
              navigate(PATHS.registrationConfirmation);
            }}
          >
            {texts.changePhone}
          </a>
        </p>
      )}
      {notice && <Alert tone="error">{notice}</Alert>}
      <form noValidate onSubmit={form.handleSubmit}>
        <fieldset>
          <legend>Identidad</legend>
          <IdentityFields form={form} />
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
      {duplicate && <DuplicateIdModal navigate={navigate} onClose={() => setDuplicate(false)} />}
    </section>
  );
}
