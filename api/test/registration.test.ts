import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { contactPersonProblems } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { openSession } from '../src/identity/sessions.js';
import { confirmedUser } from '../src/identity/users.js';
import { startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let phoneCounter = 0;
async function customer() {
  const phone = `6120${String(++phoneCounter).padStart(5, '0')}`;
  const userId = await confirmedUser(api.database.db, phone);
  const token = await openSession(api.database.db, { userId, kind: 'customer', address: null });
  return { userId, phone, headers: { authorization: `Bearer ${token}` } };
}

const address = { postal_code: '28014', region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá', house: '1' };
const personal = {
  first_name: 'Ana',
  first_surname: 'García',
  second_surname: 'López',
  personal_id: '12345678Z',
  expiry_date: '2030-01-01',
  nationality: 'ES',
  birthday: '1990-05-05',
  gender: 'female',
};

before(async () => {
  api = await startTestApi();
});
after(() => api.close());

describe('personal data and addresses', () => {
  test('saved in one call; the actual address copies the registration one when the flag is set', async () => {
    const me = await customer();
    const { status } = await api.request('PUT', '/v2/user/personal_data_and_address', {
      headers: me.headers,
      body: { ...personal, registration_address: address, is_actual_address: true },
    });
    assert.equal(status, 200);
    const rows = await api.database.db
      .selectFrom('user_addresses')
      .selectAll()
      .where('user_id', '=', me.userId)
      .orderBy('kind')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.kind, r.street]),
      [
        ['actual', 'Calle de Alcalá'],
        ['registration', 'Calle de Alcalá'],
      ],
    );
  });

  test('every broken rule is named on its field, in Spanish, and nothing is stored', async () => {
    const me = await customer();
    const { status, body } = await api.request('PUT', '/v2/user/personal_data_and_address', {
      headers: me.headers,
      body: {
        ...personal,
        first_name: ' ',
        personal_id: '12345678A',
        birthday: '2010-01-01',
        expiry_date: '2020-01-01',
        registration_address: { ...address, postal_code: '280' },
        is_actual_address: false,
      },
    });
    assert.equal(status, 422);
    assert.deepEqual(body.errors, [
      { message: messages.fieldRequired, property: 'first_name' },
      { message: messages.incorrectData, property: 'personal_id' },
      { message: messages.minDate, property: 'expiry_date' },
      { message: messages.maxDate, property: 'birthday' },
      { message: messages.onlyNumbers, property: 'registration_address.postal_code' },
      { message: messages.fieldRequired, property: 'actual_address' },
    ]);
    const stored = await api.database.db
      .selectFrom('user_profiles')
      .selectAll()
      .where('user_id', '=', me.userId)
      .execute();
    assert.equal(stored.length, 0);
  });

  test('a personal id registered to another user is refused with the duplicate message', async () => {
    const first = await customer();
    const second = await customer();
    const body = { ...personal, personal_id: 'X1234567L' };
    assert.equal((await api.request('PUT', '/v2/user/personal_data', { headers: first.headers, body })).status, 200);
    const again = await api.request('PUT', '/v2/user/personal_data', { headers: second.headers, body });
    assert.equal(again.status, 422);
    assert.deepEqual(again.body.errors, [{ message: messages.duplicatePersonalId, property: 'personal_id' }]);
  });

  test('signed-out callers get 401', async () => {
    assert.equal((await api.request('PUT', '/v2/user/personal_data', { body: personal })).status, 401);
  });
});

describe('employment and additional data', () => {
  test('an employed customer needs activity, company, position and employment date; the contact differs from them', async () => {
    const me = await customer();
    const { status, body } = await api.request('PUT', '/v2/user/employment', {
      headers: me.headers,
      body: { employment_type_id: 1, contact_type: 7, contact_name: 'Luis', contact_phone_number: me.phone },
    });
    assert.equal(status, 422);
    assert.deepEqual(
      body.errors.map((e: { property: string }) => e.property),
      ['business_activity_id', 'position', 'employment_date', 'company_name', 'contact_phone_number'],
    );
    assert.equal(body.errors.at(-1).message, messages.fieldPhoneNumberEqualRegistration);
  });

  test('the second number is not a selectable contact type; income date from tomorrow', async () => {
    const me = await customer();
    const { body } = await api.request('PUT', '/v2/user/employment', {
      headers: me.headers,
      body: {
        employment_type_id: 4,
        income_date: '2020-01-01',
        contact_type: 2,
        contact_name: 'X',
        contact_phone_number: '634567812',
      },
    });
    assert.deepEqual(body.errors, [
      { message: messages.minDate, property: 'income_date' },
      { message: messages.incorrectData, property: 'contact_type' },
    ]);
  });

  test('a contact name is required for a friend, not for a mother (only some contact types need one)', async () => {
    const me = await customer();
    const friend = await api.request('PUT', '/v2/user/employment', {
      headers: me.headers,
      body: { employment_type_id: 4, contact_type: 7, contact_phone_number: '634567812' },
    });
    assert.equal(friend.status, 422);
    assert.deepEqual(friend.body.errors, [{ message: messages.fieldRequired, property: 'contact_name' }]);
    const mother = await api.request('PUT', '/v2/user/employment', {
      headers: me.headers,
      body: { employment_type_id: 4, contact_type: 56, contact_phone_number: '634567812' },
    });
    assert.equal(mother.status, 200, JSON.stringify(mother.body));
  });

  test('additional data needs a contact person, as the form does (one rule); once known, the dynamic step need not repeat it', async () => {
    const me = await customer();
    await api.request('PUT', '/v2/user/personal_data', {
      headers: me.headers,
      body: { ...personal, personal_id: 'X7654321J' },
    });
    const withoutContact = {
      employment_type_id: 4,
      education: 'university',
      has_current_loan: false,
      email: 'ana@credimo.es',
    };
    const refused = await api.request('PUT', '/v2/user/additional_data', { headers: me.headers, body: withoutContact });
    assert.equal(refused.status, 422);
    const expected = contactPersonProblems({});
    assert.deepEqual(refused.body.errors, [
      { message: messages[expected.contact_type ?? 'incorrectData'], property: 'contact_type' },
      { message: messages[expected.contact_phone_number ?? 'incorrectData'], property: 'contact_phone_number' },
    ]);
    assert.equal(refused.body.errors[0].message, messages.fieldRequired);
    const friend = await api.request('PUT', '/v2/user/additional_data', {
      headers: me.headers,
      body: { ...withoutContact, contact_type: 7, contact_phone_number: '634567812' },
    });
    assert.deepEqual(friend.body.errors, [{ message: messages.fieldRequired, property: 'contact_name' }]);
    const saved = await api.request('PUT', '/v2/user/additional_data', {
      headers: me.headers,
      body: { ...withoutContact, contact_type: 7, contact_name: 'Luis', contact_phone_number: '634567812' },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const again = await api.request('PUT', '/v2/user/additional_data', { headers: me.headers, body: withoutContact });
    assert.equal(again.status, 200, 'the contact person is known already');
  });

  test('additional data saves employment and e-mail together after personal data', async () => {
    const me = await customer();
    await api.request('PUT', '/v2/user/personal_data', {
      headers: me.headers,
      body: { ...personal, personal_id: 'Y1234567X' },
    });
    const { status } = await api.request('PUT', '/v2/user/additional_data', {
      headers: me.headers,
      body: {
        employment_type_id: 3,
        business_activity_id: 4,
        position: 'Dueña',
        employment_date: '2020-01-01',
        education: 'university',
        has_current_loan: false,
        email: 'ana@credimo.es',
        contact_type: 56,
        contact_phone_number: '634567812',
      },
    });
    assert.equal(status, 200);
    const profile = await api.database.db
      .selectFrom('user_profiles')
      .select('email')
      .where('user_id', '=', me.userId)
      .executeTakeFirstOrThrow();
    assert.equal(profile.email, 'ana@credimo.es');
  });

  test('consents are stored with time, text version and address; marketing as given', async () => {
    const me = await customer();
    assert.equal(
      (await api.request('PUT', '/v2/user/confirmations', { headers: me.headers, body: { all_confirmations: true } }))
        .status,
      200,
    );
    const rows = await api.database.db
      .selectFrom('consents')
      .selectAll()
      .where('user_id', '=', me.userId)
      .orderBy('kind')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.kind, r.accepted, r.text_version]),
      [
        ['agreementTerms', true, '2026-11'],
        ['privacyProtectionPolicy', true, '2026-11'],
        ['receiveInformation', false, '2026-11'],
      ],
    );
    assert.ok(rows.every((r) => r.address && r.at));
  });
});

describe('GET /v2/user after registration', () => {
  test('carries personal data, addresses, employment and contact; status 3 once registration is finished', async () => {
    const me = await customer();
    const before = await api.request('GET', '/v2/user', { headers: me.headers });
    assert.equal(before.body.permissions.authorization_status, 1);
    assert.equal(before.body.personal_data, null);
    await api.request('PUT', '/v2/user/personal_data_and_address', {
      headers: me.headers,
      body: { ...personal, personal_id: 'Z1234567R', registration_address: address, is_actual_address: true },
    });
    await api.request('PUT', '/v2/user/additional_data', {
      headers: me.headers,
      body: {
        employment_type_id: 4,
        education: 'bachillerato',
        has_current_loan: true,
        email: 'ana@credimo.es',
        contact_type: 7,
        contact_name: 'Luis',
        contact_phone_number: '634567812',
      },
    });
    const { body } = await api.request('GET', '/v2/user', { headers: me.headers });
    assert.equal(body.permissions.authorization_status, 3);
    assert.equal(body.loan, null);
    assert.deepEqual(body.personal_data, {
      first_name: 'Ana',
      first_surname: 'García',
      second_surname: 'López',
      personal_id: 'Z1234567R',
      expiration_date: '2030-01-01',
      nationality: 'ES',
      birthday: '1990-05-05',
      gender: 'female',
      email: 'ana@credimo.es',
      // No IBAN given yet (bank_account is the one the customer gave).
      bank_account: null,
    });
    assert.equal(body.addresses.actual_address.street, 'Calle de Alcalá');
    assert.equal(body.employment.education, 'bachillerato');
    assert.deepEqual(body.contact_phones, [{ contact_type: 7, comment: 'Luis', number: '634567812' }]);
    const prefill = await api.request('GET', '/v2/ocr_user', { headers: me.headers });
    assert.deepEqual(prefill.body, {
      first_name: 'Ana',
      first_surname: 'García',
      second_surname: 'López',
      personal_id: 'Z1234567R',
      birthday: '1990-05-05',
      expiry_date: '2030-01-01',
    });
  });
});

describe('reference data', () => {
  test('all 52 provinces, 30 a page, searchable without accents', async () => {
    const first = await api.request('GET', '/v2/regions');
    assert.equal(first.body.items.length, 30);
    assert.equal(first.body.pages_count, 2);
    const second = await api.request('GET', '/v2/regions?page=2');
    assert.equal(second.body.items.length, 22);
    const avila = await api.request('GET', '/v2/regions?search=avila');
    assert.deepEqual(avila.body.items, [{ id: 5, name: 'Ávila' }]);
  });

  test('municipalities of a province with INE codes', async () => {
    const madrid = await api.request('GET', '/v2/cities?region_id=28&search=alcal');
    assert.ok(
      madrid.body.items.some((c: { id: number; name: string }) => c.id === 28005 && c.name === 'Alcalá de Henares'),
    );
    assert.equal((await api.request('GET', '/v2/cities')).status, 422);
  });

  test('lists: nationality with Spain first, employment types, education, activities', async () => {
    const nationalities = await api.request('GET', '/v2/user/nationality');
    assert.deepEqual(nationalities.body[0], { id: 'ES', name: 'España' });
    assert.ok(nationalities.body.length > 200);
    assert.equal((await api.request('GET', '/v2/user/employment_type')).body.length, 7);
    assert.ok((await api.request('GET', '/v2/user/education')).body.length > 3);
    assert.ok((await api.request('GET', '/v2/user/business_activity')).body.length > 5);
  });
});

describe('the phone rule for contact persons has no prefix list', () => {
  test('a landline is accepted as the contact person phone', async () => {
    const me = await customer();
    const number = 40000000 + phoneCounter;
    const personalId = `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`;
    const personalData = await api.request('PUT', '/v2/user/personal_data_and_address', {
      headers: me.headers,
      body: { ...personal, personal_id: personalId, registration_address: address, is_actual_address: true },
    });
    assert.equal(personalData.status, 200, JSON.stringify(personalData.body));
    const saved = await api.request('PUT', '/v2/user/additional_data', {
      headers: me.headers,
      body: {
        employment_type_id: 4,
        education: 'university',
        has_current_loan: false,
        email: `lucia.${me.phone}@credimo.es`,
        contact_type: 56,
        contact_name: 'Carmen',
        contact_phone_number: '954123456',
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
  });
});
