import { formatDisplayDate, parseWireDate, type UserResponse } from '@credimo/shared';
import type { PersonalValues } from './schemas';
import { type AddressValues, emptyAddress } from './sections';

const displayDate = (wire: string | null | undefined) => {
  const date = wire ? parseWireDate(wire) : null;
  return date ? formatDisplayDate(date) : '';
};

const addressValues = (address: UserResponse['addresses']['actual_address']): AddressValues =>
  address
    ? {
        postal_code: address.postal_code,
        region: address.region,
        city: address.city,
        street: address.street,
        house: address.house ?? '',
        block: address.block ?? '',
        apartment: address.apartment ?? '',
      }
    : emptyAddress;

/**
 * The back button from additional information opens personal data; the form shows what the
 * customer already gave (dates as typed, dd/MM/yyyy), so they can correct it rather than type it all again.
 */
export function personalValuesOf(user: UserResponse | null): PersonalValues {
  const p = user?.personal_data ?? null;
  const registration = addressValues(user?.addresses.registration_address ?? null);
  const actual = addressValues(user?.addresses.actual_address ?? null);
  const same = !user?.addresses.actual_address || JSON.stringify(actual) === JSON.stringify(registration);
  return {
    first_name: p?.first_name ?? '',
    first_surname: p?.first_surname ?? '',
    second_surname: p?.second_surname ?? '',
    personal_id: p?.personal_id ?? '',
    expiry_date: displayDate(p?.expiration_date),
    nationality: p?.nationality ?? 'ES',
    birthday: displayDate(p?.birthday),
    gender: p?.gender ?? '',
    registration_address: registration,
    is_actual_address: same,
    actual_address: same ? emptyAddress : actual,
  } as PersonalValues;
}
