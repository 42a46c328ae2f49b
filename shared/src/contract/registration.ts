import Type, { type Static } from 'typebox';
import { MAX_ROW_ID, RowId } from './params';

const Text = (max: number, message = 'incorrectData') => Type.String({ maxLength: max, 'x-message': message });
const WireDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-message': 'incorrectDate' });
const strict = { additionalProperties: false } as const;

/** Address fields (form names). */
export const Address = Type.Object(
  {
    postal_code: Type.String({ maxLength: 5, 'x-message': 'onlyNumbers' }),
    region: Text(50),
    city: Text(50),
    street: Text(50),
    house: Type.Optional(Text(7)),
    block: Type.Optional(Text(7)),
    apartment: Type.Optional(Text(7)),
  },
  strict,
);
export type Address = Static<typeof Address>;

const personalFields = {
  first_name: Text(50),
  first_surname: Text(50),
  second_surname: Type.Optional(Text(50)),
  personal_id: Type.String({ maxLength: 9, 'x-message': 'incorrectData' }),
  expiry_date: WireDate,
  nationality: Type.Union([Type.Literal('ES'), Type.String({ pattern: '^[A-Z]{2}$' })], {
    'x-message': 'incorrectData',
  }),
  birthday: WireDate,
  gender: Type.Union([Type.Literal('male'), Type.Literal('female')], { 'x-message': 'incorrectData' }),
  email: Type.Optional(Type.String({ maxLength: 100, 'x-message': 'incorrectEmail' })),
};
const addressFields = {
  registration_address: Address,
  actual_address: Type.Optional(Address),
  /** The actual address copies the registration address when set. */
  is_actual_address: Type.Boolean(),
};

export const PersonalDataRequest = Type.Object(personalFields, strict);
export type PersonalDataRequest = Static<typeof PersonalDataRequest>;
export const AddressRequest = Type.Object(addressFields, strict);
export const PersonalDataAndAddressRequest = Type.Object({ ...personalFields, ...addressFields }, strict);

const employmentFields = {
  employment_type_id: Type.Integer({ minimum: 1, maximum: 7, 'x-message': 'incorrectData' }),
  business_activity_id: Type.Optional(Type.Integer({ minimum: 1 })),
  company_name: Type.Optional(Text(50)),
  position: Type.Optional(Text(50)),
  employment_date: Type.Optional(WireDate),
  income_amount: Type.Optional(Type.Integer({ minimum: 0, description: 'integer cents' })),
  income_date: Type.Optional(WireDate),
  education: Type.Optional(Text(40)),
  has_current_loan: Type.Optional(Type.Boolean()),
  contact_type: Type.Optional(Type.Integer()),
  contact_name: Type.Optional(Text(50)),
  contact_phone_number: Type.Optional(Type.String({ maxLength: 32, 'x-message': 'incorrectPhone' })),
};
export const EmploymentRequest = Type.Object(employmentFields, strict);
export type EmploymentRequest = Static<typeof EmploymentRequest>;
export const AdditionalDataRequest = Type.Object(
  { ...employmentFields, email: Type.String({ maxLength: 100, 'x-message': 'incorrectEmail' }) },
  strict,
);
export type AdditionalDataRequest = Static<typeof AdditionalDataRequest>;

export const ConfirmationsRequest = Type.Object(
  {
    all_confirmations: Type.Literal(true, { 'x-message': 'checkboxFieldRequired' }),
    receiveInformation: Type.Optional(Type.Boolean()),
  },
  strict,
);

export const Option = Type.Object({ id: Type.Union([Type.Integer(), Type.String()]), name: Type.String() });
export const OptionsResponse = Type.Array(Option);

export const PlaceQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, default: 1 })),
    search: Type.Optional(Type.String({ maxLength: 50 })),
    region_id: Type.Optional(RowId),
    city_id: Type.Optional(RowId),
  },
  strict,
);
/** A page of regions, cities or streets: `{items:[{id,name}], current_page_number, pages_count}`, 30 per page. */
export const PlacePage = Type.Object({
  items: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  current_page_number: Type.Integer(),
  pages_count: Type.Integer(),
});
export type PlacePage = Static<typeof PlacePage>;

/** GET /v2/ocr_user: what is already known of the customer, to prefill the forms (no OCR provider yet). */
export const PrefillResponse = Type.Object({
  first_name: Type.Union([Type.String(), Type.Null()]),
  first_surname: Type.Union([Type.String(), Type.Null()]),
  second_surname: Type.Union([Type.String(), Type.Null()]),
  personal_id: Type.Union([Type.String(), Type.Null()]),
  birthday: Type.Union([Type.String(), Type.Null()]),
  expiry_date: Type.Union([Type.String(), Type.Null()]),
});
export type PrefillResponse = Static<typeof PrefillResponse>;
