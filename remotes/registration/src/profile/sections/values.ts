import type { AdditionalDataRequest, Address, EmploymentRequest, PersonalDataRequest } from '@credimo/shared/contract';

/**
 * What each form section holds, typed from the contract's request it fills: every field as the text the customer
 * types (dates dd/mm/aaaa, euros, list ids), turned into the request's types when saved.
 */
type Typed<T> = { [K in keyof T]-?: string };

export type AddressValues = Typed<Address>;
export type AddressKey = 'registration_address' | 'actual_address';

export type IdentityValues = Typed<
  Pick<
    PersonalDataRequest,
    | 'first_name'
    | 'first_surname'
    | 'second_surname'
    | 'personal_id'
    | 'expiry_date'
    | 'nationality'
    | 'birthday'
    | 'gender'
  >
>;

export type AddressesValues = { [K in AddressKey]: AddressValues } & { is_actual_address: boolean };

export type EmploymentValues = Typed<
  Pick<
    AdditionalDataRequest,
    | 'email'
    | 'employment_type_id'
    | 'business_activity_id'
    | 'company_name'
    | 'position'
    | 'employment_date'
    | 'income_amount'
    | 'income_date'
    | 'education'
    | 'has_current_loan'
  >
>;

export type ContactValues = Typed<Pick<EmploymentRequest, 'contact_type' | 'contact_name' | 'contact_phone_number'>>;

export const emptyAddress: AddressValues = {
  postal_code: '',
  region: '',
  city: '',
  street: '',
  house: '',
  block: '',
  apartment: '',
};

export const emptyIdentity: IdentityValues = {
  first_name: '',
  first_surname: '',
  second_surname: '',
  personal_id: '',
  expiry_date: '',
  nationality: 'ES',
  birthday: '',
  gender: '',
};

export const emptyEmployment: EmploymentValues = {
  email: '',
  employment_type_id: '',
  business_activity_id: '',
  company_name: '',
  position: '',
  employment_date: '',
  income_amount: '',
  income_date: '',
  education: '',
  has_current_loan: '',
};

export const emptyContact: ContactValues = { contact_type: '', contact_name: '', contact_phone_number: '' };

/** The address as the contract takes it: the optional parts left out when empty. */
export const compactAddress = (address: AddressValues) =>
  Object.fromEntries(Object.entries(address).filter(([, value]) => value !== '' && value !== undefined)) as Address;
