import assert from 'node:assert/strict';
import { phoneProblem, sandboxCaptchaToken } from '@credimo/shared/domain';
import sharp from 'sharp';
import type { TestApi } from './harness.js';

let counter = 0;

/** A unique valid DNI per call (its control letter: the number modulo 23 in TRWAGMYFPDXBNJZSQVHLCKE). */
export function nextDni(): string {
  const number = 30000000 + process.pid * 100 + ++counter;
  return `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`;
}

export const TEST_IBAN = 'ES9121000418450200051332';

/** Polls GET /v2/loan until the status is one of `statuses` (the job queue works in the background). */
export async function waitForStatus(api: TestApi, headers: Record<string, string>, statuses: number[], seconds = 15) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const { body } = await api.request('GET', '/v2/loan', { headers });
    if (body && statuses.includes(body.status)) return body;
    if (Date.now() > until) assert.fail(`loan stayed in status ${body?.status}, wanted ${statuses.join('/')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let photo: Promise<Buffer> | null = null;
/** A photo the documents room accepts (a plain JPEG), made once per process: every customer sends the same. */
export const testPhoto = () => {
  photo ??= sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  return photo;
};

/** Posts a photo of `type` as the documents page does, and gives back the API's answer. */
export async function postPhoto(api: TestApi, headers: Record<string, string>, type: string) {
  const form = new FormData();
  form.append('type', type);
  form.append('document', new Blob([new Uint8Array(await testPhoto())], { type: 'image/jpeg' }), `${type}.jpg`);
  const response = await fetch(`${api.baseUrl}/v2/user/document`, { method: 'POST', headers, body: form });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

export async function uploadPhoto(api: TestApi, headers: Record<string, string>, type: string) {
  const answer = await postPhoto(api, headers, type);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
}

/** Sends every file the customer's loan asks for (GET /v2/user/documents' `required`). */
export async function sendRequiredFiles(api: TestApi, headers: Record<string, string>) {
  const overview = await api.request('GET', '/v2/user/documents', { headers });
  assert.equal(overview.status, 200, JSON.stringify(overview.body));
  for (const type of overview.body.required as string[]) await uploadPhoto(api, headers, type);
}

/**
 * Drives a new customer through the HTTP API from sign-in to the stage asked for: 'registered' (no loan yet),
 * 'applied', 'signable'
 * (AwaitingSignContract), 'signed', 'autodebit' (step done), 'active' (money out). Sandbox providers throughout.
 */
export async function customerAt(
  api: TestApi,
  stage: 'registered' | 'applied' | 'signable' | 'signed' | 'autodebit' | 'active',
  options: {
    amount?: number;
    income?: number | null;
    hasCurrentLoan?: boolean;
    personalId?: string;
    iban?: boolean;
    /** The IBAN given with the application (TEST_IBAN by default). */
    ibanNumber?: string;
    /** Days (30 by default). */
    term?: number;
    promocode?: string;
  } = {},
) {
  let phone = '';
  // Unique per process and call, and a valid Spanish mobile (no long runs of one digit).
  do phone = `6${String(process.pid % 1000).padStart(3, '0')}${String(++counter * 7 + 10000).slice(-5)}`;
  while (phoneProblem(phone) !== null);
  // Each test customer comes from their own address (the API trusts X-Forwarded-For in these tests), so the
  // per-address code limit (30 an hour) applies per customer as it would in life.
  const from = { 'x-forwarded-for': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}` };
  const sent = await api.request('POST', '/v2/user/login', {
    headers: from,
    body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone },
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  const confirmed = await api.request('POST', '/v2/user/login_confirm', {
    headers: from,
    body: { mobile_phone: phone, code: sent.headers.get('x-sms-code') },
  });
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  const headers = { ...from, authorization: `Bearer ${confirmed.body.token}` };
  const saved = await api.request('PUT', '/v2/user/personal_data_and_address', {
    headers,
    body: {
      first_name: 'Ana',
      first_surname: 'García',
      personal_id: options.personalId ?? nextDni(),
      expiry_date: '2031-01-01',
      nationality: 'ES',
      birthday: '1990-05-05',
      gender: 'female',
      registration_address: { postal_code: '28014', region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá' },
      is_actual_address: true,
    },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const income = options.income === undefined ? 200_000 : options.income;
  const extra = await api.request('PUT', '/v2/user/additional_data', {
    headers,
    body: {
      employment_type_id: 4,
      education: 'university',
      has_current_loan: options.hasCurrentLoan ?? false,
      email: 'ana@credimo.es',
      contact_type: 56,
      contact_phone_number: '634567812',
      ...(income === null ? {} : { income_amount: income }),
    },
  });
  assert.equal(extra.status, 200, JSON.stringify(extra.body));
  if (stage === 'registered') return { phone, headers, loanId: '' };
  const applied = await api.request('POST', '/v2/loan', {
    headers,
    body: {
      loan_period: options.term ?? 30,
      loan_sum: options.amount ?? 50_000,
      ...(options.promocode ? { promocode: options.promocode } : {}),
      attempt_reference: `path-${phone}-attempt`,
      ...(options.iban === false ? {} : { method_of_disbursement: 1, iban: options.ibanNumber ?? TEST_IBAN }),
    },
  });
  assert.equal(applied.status, 201, JSON.stringify(applied.body));
  const me = { phone, headers, loanId: String(applied.body.id) };
  if (stage === 'applied') return me;
  await waitForStatus(api, headers, [26]);
  // The approval asks for the identity photos and selfie: sent before signing.
  await sendRequiredFiles(api, headers);
  if (stage === 'signable') return me;
  const code = await api.request('POST', '/v2/loan/sign_send', { headers });
  assert.equal(code.status, 200, JSON.stringify(code.body));
  const signed = await api.request('POST', '/v2/loan/sign', {
    headers,
    body: { code: code.headers.get('x-sms-code') },
  });
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
  if (stage === 'signed') return me;
  const skipped = await api.request('POST', '/v2/loan/steps/autodebit/complete', {
    headers,
    body: { autodebit_enabled: false },
  });
  assert.equal(skipped.status, 200, JSON.stringify(skipped.body));
  if (stage === 'autodebit') return me;
  const issued = await api.request('POST', '/v2/loan/issuance', { headers });
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  await waitForStatus(api, headers, [2]);
  return me;
}
