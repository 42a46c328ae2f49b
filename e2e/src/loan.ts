import sharp from 'sharp';
import { signInThroughApi } from './session';

/** A valid Spanish IBAN (check digits per ISO 13616). */
const IBAN = 'ES9121000418450200051332';

type Json = Record<string, unknown>;

async function call(apiUrl: string, method: string, path: string, token: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  const json = text ? (JSON.parse(text) as Json) : {};
  return { ...json, __smsCode: response.headers.get('x-sms-code') };
}

async function waitForStatus(apiUrl: string, token: string, statuses: number[], seconds = 30): Promise<Json> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const loan = await call(apiUrl, 'GET', '/v2/loan', token);
    if (statuses.includes(Number(loan.status))) return loan;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the loan did not reach ${statuses.join(' or ')} within ${seconds} s`);
}

/** A plain JPEG the documents room accepts. */
export const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();

/** Sends every photo the customer's loan asks for (GET /v2/user/documents' `required`), as the documents page does. */
export async function sendRequiredFilesThroughApi(apiUrl: string, token: string) {
  const overview = await call(apiUrl, 'GET', '/v2/user/documents', token);
  for (const type of overview.required as string[]) {
    const form = new FormData();
    form.append('type', type);
    form.append('document', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), `${type}.jpg`);
    const response = await fetch(`${apiUrl}/v2/user/document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!response.ok) throw new Error(`upload of ${type} answered ${response.status}: ${await response.text()}`);
  }
}

/**
 * Takes a registered customer (completeRegistration) through the API, as api/test/origination-path.ts does, from
 * the application to an active loan: sandbox decision, IBAN, signing by SMS, auto-debit skipped, payout. For the
 * benches only: browser tests take loans through the pages (journey.ts).
 */
export async function activeLoanThroughApi(apiUrl: string, token: string, amount = 30_000, term = 30) {
  await call(apiUrl, 'POST', '/v2/loan', token, {
    loan_period: term,
    loan_sum: amount,
    attempt_reference: `e2e-${token.slice(0, 12)}`,
    method_of_disbursement: 1,
    iban: IBAN,
  });
  await waitForStatus(apiUrl, token, [26]);
  await sendRequiredFilesThroughApi(apiUrl, token);
  const sent = await call(apiUrl, 'POST', '/v2/loan/sign_send', token);
  await call(apiUrl, 'POST', '/v2/loan/sign', token, { code: sent.__smsCode });
  await call(apiUrl, 'POST', '/v2/loan/steps/autodebit/complete', token, { autodebit_enabled: false });
  await call(apiUrl, 'POST', '/v2/loan/issuance', token);
  return waitForStatus(apiUrl, token, [2]);
}

/** Runs an operator command on the running API (`npm run ops -- …` does the same). */
export async function operatorCommand(apiUrl: string, secret: string, command: string, args: string[]) {
  const response = await fetch(`${apiUrl}/operator/commands`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-secret': secret },
    body: JSON.stringify({ command, args, operator: 'e2e' }),
  });
  if (!response.ok) throw new Error(`ops ${command} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { lines: string[] }).lines;
}

export { signInThroughApi };
