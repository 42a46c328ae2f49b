import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { deflateSync } from 'node:zlib';
import { SUPPORT_PHONE } from '@credimo/shared/contract';
import { messages, t } from '@credimo/shared/i18n';
import sharp from 'sharp';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { openSession } from '../src/identity/sessions.js';
import { confirmedUser } from '../src/identity/users.js';
import { SIGNATURE_HEADER, signatureOf, signHeader } from '../src/providers/callbacks.js';
import { smsProviderFor } from '../src/providers/index.js';
import { LENDER_ENV, startTestApi, type TestApi } from './harness.js';

const SECRET = 'test-liveness-secret';
const APP = 'http://localhost:3000';
const RETURN_URL = `${APP}/registration/photo-verification`;
const uploadError = t('uploadErrorMessage', { phone: SUPPORT_PHONE });

// biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they assert on
type Json = any;
interface Answer {
  status: number;
  body: Json;
}

let api: TestApi;
let documentsDir: string;
let counter = 0;

async function customer() {
  const phone = `6140${String(++counter).padStart(5, '0')}`;
  const userId = await confirmedUser(api.database.db, phone);
  const token = await openSession(api.database.db, { userId, kind: 'customer', address: null });
  return { userId, headers: { authorization: `Bearer ${token}` } };
}

/** A photo as a phone would take it: a JPEG with EXIF, including the GPS position, and a marker to look for. */
function photoWithGps(width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'EXIF-MARKER-4711', Make: 'PhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 0/1',
      },
    })
    .toBuffer();
}

const plainJpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#aa3300' } })
    .jpeg()
    .toBuffer();

/** The GPS IFD pointer tag (0x8825), little-endian as libvips writes it. */
const hasGpsTag = (exif: Buffer | undefined) => !!exif?.includes(Buffer.from([0x25, 0x88]));

/**
 * A real, valid 20000x20000 PNG (1-bit grey, all black): 50 MB of pixels deflated to a few dozen KB. Made by hand
 * because no image library would encode it without holding it in memory, which is the point of the test.
 */
function hugePng(side = 20000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc(side * (1 + Math.ceil(side / 8))); // each row: filter byte 0, then zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(
  headers: Record<string, string>,
  type: string,
  bytes: Buffer,
  fileName = 'photo.jpg',
): Promise<Answer> {
  const form = new FormData();
  form.append('type', type);
  form.append('document', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), fileName);
  const response = await fetch(`${api.baseUrl}/v2/user/document`, { method: 'POST', headers, body: form });
  return { status: response.status, body: await response.json() };
}

const storedFiles = () =>
  readdirSync(documentsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

function assertRefused(response: Answer, status: number, message: string) {
  assert.equal(response.status, status, JSON.stringify(response.body));
  assert.equal(response.body.errors[0]?.message, message);
  assert.equal(typeof response.body.errors[0]?.property, 'string');
}

before(async () => {
  documentsDir = mkdtempSync(path.join(tmpdir(), 'credimo-documents-'));
  api = await startTestApi({ env: { DOCUMENTS_DIR: documentsDir, PROVIDER_SECRET_LIVENESS: SECRET } });
});
after(async () => {
  await api.close();
  rmSync(documentsDir, { recursive: true, force: true });
});

describe('POST /v2/user/document: images by content, re-encoded without metadata', () => {
  test('a phone photo is stored as a fresh JPEG: the EXIF, with its GPS position, is gone', async () => {
    const me = await customer();
    const original = await photoWithGps();
    assert.ok(hasGpsTag((await sharp(original).metadata()).exif), 'the test photo carries a GPS position');

    const saved = await upload(me.headers, 'id_card', original);
    assert.equal(saved.status, 201);
    assert.equal(saved.body.document.type, 'id_card');
    assert.deepEqual(
      saved.body.documents.map((d: { type: string }) => d.type),
      ['id_card'],
    );

    const fetched = await api.request('GET', '/v2/user/document/id_card', { headers: me.headers });
    assert.equal(fetched.status, 200);
    assert.equal(fetched.body.mime_type, 'image/jpeg');
    const stored = Buffer.from(fetched.body.content, 'base64');
    const meta = await sharp(stored).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.width, 640);
    assert.equal(meta.exif, undefined);
    assert.equal(hasGpsTag(stored), false);
    assert.equal(stored.includes('EXIF-MARKER-4711'), false);
    assert.equal(stored.includes('PhoneMaker'), false);
  });

  test('the file is kept in the documents folder under a name of ours, not the name sent', async () => {
    const me = await customer();
    const before = storedFiles().length;
    const saved = await upload(me.headers, 'id_card_back', await plainJpeg(), '../../escape.jpg');
    assert.equal(saved.status, 201);
    const files = storedFiles();
    assert.equal(files.length, before + 1);
    assert.ok(files.every((f) => /^[0-9a-f]{32}\.jpg$/.test(f.name)));
  });

  test('a polyglot (a real JPEG with a script appended) is stored without the script', async () => {
    const me = await customer();
    const polyglot = Buffer.concat([await plainJpeg(), Buffer.from('<script>alert(document.cookie)</script>')]);
    const saved = await upload(me.headers, 'selfie_with_id_card', polyglot);
    if (saved.status === 201) {
      const fetched = await api.request('GET', '/v2/user/document/selfie_with_id_card', { headers: me.headers });
      assert.equal(Buffer.from(fetched.body.content, 'base64').includes('<script>'), false);
    } else {
      assertRefused(saved, 422, uploadError);
    }
  });

  test('a JPEG header followed by a script (no image) is refused', async () => {
    const me = await customer();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]);
    assertRefused(await upload(me.headers, 'id_card', fake), 422, uploadError);
  });

  test('an HTML file named .jpg is refused by its content, whatever its name and declared type', async () => {
    const me = await customer();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const refused = await upload(me.headers, 'id_card', html, 'photo.jpg');
    assertRefused(refused, 422, uploadError);
    assert.equal(refused.body.errors[0].property, 'document');
    const list = await api.request('GET', '/v2/user/documents', { headers: me.headers });
    assert.deepEqual(list.body.documents, []);
  });

  test('a file over the size cap is refused with 413 and the support phone', async () => {
    const me = await customer();
    const big = Buffer.concat([await plainJpeg(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    assertRefused(await upload(me.headers, 'id_card', big), 413, t('documentTooLarge', { phone: SUPPORT_PHONE }));
  });

  test('a 20000x20000 PNG is refused from its header, without decoding it', async () => {
    const me = await customer();
    const png = hugePng();
    const header = await sharp(png, { limitInputPixels: false }).metadata();
    assert.equal(header.width, 20000, 'the test image really is 20000x20000');
    const started = Date.now();
    assertRefused(await upload(me.headers, 'id_card', png, 'huge.png'), 422, uploadError);
    assert.ok(Date.now() - started < 5000, 'refused quickly, not after decoding 400 megapixels');
  });

  test('an unknown document type or a missing file is refused with the error body', async () => {
    const me = await customer();
    const wrongType = await upload(me.headers, 'passport', await plainJpeg());
    assertRefused(wrongType, 422, messages.documentTypeUnknown);
    assert.equal(wrongType.body.errors[0].property, 'type');
    const form = new FormData();
    form.append('type', 'id_card');
    const response = await fetch(`${api.baseUrl}/v2/user/document`, {
      method: 'POST',
      headers: me.headers,
      body: form,
    });
    assertRefused({ status: response.status, body: await response.json() }, 422, messages.fieldRequired);
  });

  test('without a session nothing is stored', async () => {
    const refused = await upload({}, 'id_card', await plainJpeg());
    assertRefused(refused, 401, messages.unauthorized);
  });
});

describe('skip, fetch, delete, and another customer', () => {
  test('PUT skips a document: it is listed as skip_<type> and is not asked again', async () => {
    const me = await customer();
    const skipped = await api.request('PUT', '/v2/user/document/id_card_back', { headers: me.headers });
    assert.equal(skipped.status, 200);
    assert.equal(skipped.body.document.type, 'skip_id_card_back');
    const overview = await api.request('GET', '/v2/user/documents', { headers: me.headers });
    assert.deepEqual(
      overview.body.documents.map((d: { type: string }) => d.type),
      ['skip_id_card_back'],
    );
    assert.deepEqual(overview.body.required, ['id_card', 'selfie_with_id_card']);
    const fetched = await api.request('GET', '/v2/user/document/id_card_back', { headers: me.headers });
    assertRefused(fetched, 404, messages.documentFailedToLoad);
  });

  test('uploading after a skip replaces the skip mark; skipping after an upload removes the file', async () => {
    const me = await customer();
    await api.request('PUT', '/v2/user/document/id_card', { headers: me.headers });
    const saved = await upload(me.headers, 'id_card', await plainJpeg());
    assert.equal(saved.body.document.type, 'id_card');
    const before = storedFiles().length;
    const skipped = await api.request('PUT', '/v2/user/document/id_card', { headers: me.headers });
    assert.equal(skipped.body.document.type, 'skip_id_card');
    assert.equal(storedFiles().length, before - 1);
  });

  test('a new photo of the same type replaces the old one and its file', async () => {
    const me = await customer();
    await upload(me.headers, 'id_card', await plainJpeg());
    const before = storedFiles().length;
    const again = await upload(me.headers, 'id_card', await photoWithGps(800, 600));
    assert.equal(again.status, 201);
    assert.equal(storedFiles().length, before);
    const fetched = await api.request('GET', '/v2/user/document/id_card', { headers: me.headers });
    assert.equal((await sharp(Buffer.from(fetched.body.content, 'base64')).metadata()).width, 800);
  });

  test('DELETE removes the document and its file; a second DELETE is a 404', async () => {
    const me = await customer();
    await upload(me.headers, 'income_statement', await plainJpeg());
    const before = storedFiles().length;
    const deleted = await api.request('DELETE', '/v2/user/document/income_statement', { headers: me.headers });
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body, []);
    assert.equal(storedFiles().length, before - 1);
    const again = await api.request('DELETE', '/v2/user/document/income_statement', { headers: me.headers });
    assertRefused(again, 404, messages.documentFailedToLoad);
  });

  test("another customer's token finds nothing of mine (404) and cannot delete or skip it", async () => {
    const owner = await customer();
    const other = await customer();
    await upload(owner.headers, 'id_card', await plainJpeg());
    const fetched = await api.request('GET', '/v2/user/document/id_card', { headers: other.headers });
    assertRefused(fetched, 404, messages.documentFailedToLoad);
    assert.equal(JSON.stringify(fetched.body).includes('content'), false);
    const deleted = await api.request('DELETE', '/v2/user/document/id_card', { headers: other.headers });
    assertRefused(deleted, 404, messages.documentFailedToLoad);
    const list = await api.request('GET', '/v2/user/documents', { headers: other.headers });
    assert.deepEqual(list.body.documents, []);
    const mine = await api.request('GET', '/v2/user/document/id_card', { headers: owner.headers });
    assert.equal(mine.status, 200);
  });

  test('an unknown type in the path is a 422 with the error body', async () => {
    const me = await customer();
    const refused = await api.request('GET', '/v2/user/document/passport', { headers: me.headers });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors[0].message, messages.documentTypeUnknown);
  });
});

/** What the sandbox capture page's form posts: one photo per engine and the simulated result. */
async function takeLivenessCheck(outcome: 'success' | 'failed' | 'pending', photo?: Buffer) {
  const form = new FormData();
  form.append('return_url', RETURN_URL);
  form.append('engines', 'video_selfie_blank,photo_id_front,photo_id_back');
  const image = photo ?? (await plainJpeg());
  for (const engine of ['video_selfie_blank', 'photo_id_front', 'photo_id_back']) {
    form.append(engine, new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `${engine}.jpg`);
  }
  form.append('outcome', outcome);
  const response = await fetch(`${api.baseUrl}/sandbox/liveness/transactions`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  assert.equal(response.status, 303);
  const back = new URL(response.headers.get('location') ?? '');
  assert.equal(`${back.origin}${back.pathname}`, RETURN_URL);
  const transactionId = back.searchParams.get('transaction_id');
  assert.ok(transactionId);
  return transactionId;
}

const handOver = (headers: Record<string, string>, transactionId: string) =>
  api.request('PUT', '/v2/user/liveness', { headers, body: { transaction_id: transactionId } });

describe('the sandbox liveness provider page', () => {
  test('the app learns where to send the customer, back to an allowed address', async () => {
    const me = await customer();
    const query = new URLSearchParams({ return_url: RETURN_URL });
    const capture = await api.request('GET', `/v2/user/liveness/capture?${query}`, { headers: me.headers });
    assert.equal(capture.status, 200);
    assert.ok(capture.body.url.startsWith('/sandbox/liveness?'));
    assert.deepEqual(capture.body.engines, ['video_selfie_blank', 'photo_id_front', 'photo_id_back']);
    const elsewhere = new URLSearchParams({ return_url: 'https://evil.example/steal' });
    const refused = await api.request('GET', `/v2/user/liveness/capture?${elsewhere}`, { headers: me.headers });
    assert.equal(refused.status, 422);
  });

  test('is a real HTML page with its script as a same-origin file, a strict CSP and the camera allowed', async () => {
    const query = new URLSearchParams({ return_url: RETURN_URL, engines: 'video_selfie_blank,photo_id_front' });
    const response = await fetch(`${api.baseUrl}/sandbox/liveness?${query}`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.match(csp, /form-action 'self' http:\/\/localhost:3000/);
    assert.match(response.headers.get('permissions-policy') ?? '', /camera=\(self\)/);
    const html = await response.text();
    assert.match(html, /<script src="\/sandbox\/liveness\/liveness.js" defer><\/script>/);
    assert.doesNotMatch(html, /<script>/, 'no inline script');
    assert.match(html, /data-engine="video_selfie_blank"/);
    assert.match(html, /data-engine="photo_id_front"/);
    assert.doesNotMatch(html, /data-engine="photo_id_back"/);
    assert.match(html, /type="file" name="video_selfie_blank"/, 'a file input is the fallback without a camera');
    const script = await fetch(`${api.baseUrl}/sandbox/liveness/liveness.js`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /javascript/);
    assert.match(await script.text(), /getUserMedia/);
  });

  test('refuses to send the browser back to an address that is not ours', async () => {
    const query = new URLSearchParams({ return_url: 'https://evil.example/' });
    const response = await fetch(`${api.baseUrl}/sandbox/liveness?${query}`);
    assert.equal(response.status, 400);
  });
});

describe('PUT /v2/user/liveness', () => {
  test('a passed check is success; the selfie is then no longer asked', async () => {
    const me = await customer();
    const transactionId = await takeLivenessCheck('success');
    const result = await handOver(me.headers, transactionId);
    assert.equal(result.status, 200);
    assert.deepEqual(result.body, { liveness: { status: 'success', allowed: true }, message: null });
    const overview = await api.request('GET', '/v2/user/documents', { headers: me.headers });
    assert.deepEqual(overview.body.liveness, { status: 'success', allowed: true });
    assert.deepEqual(overview.body.required, ['id_card', 'id_card_back']);
  });

  test('a failed check while tries remain answers "take the photo again" (photoNotVerified)', async () => {
    const me = await customer();
    const refused = await handOver(me.headers, await takeLivenessCheck('failed'));
    assertRefused(refused, 422, messages.photoNotVerified);
    const overview = await api.request('GET', '/v2/user/documents', { headers: me.headers });
    assert.deepEqual(overview.body.liveness, { status: 'failed', allowed: true });
  });

  test('photos that are not images fail the check, whatever result was asked for', async () => {
    const me = await customer();
    const transactionId = await takeLivenessCheck('success', Buffer.from('<html>not a photo</html>'));
    assertRefused(await handOver(me.headers, transactionId), 422, messages.photoNotVerified);
  });

  test('after three failures no more tries are allowed', async () => {
    const me = await customer();
    await handOver(me.headers, await takeLivenessCheck('failed'));
    await handOver(me.headers, await takeLivenessCheck('failed'));
    const third = await handOver(me.headers, await takeLivenessCheck('failed'));
    assertRefused(third, 422, t('livenessAttemptsExhausted', { phone: SUPPORT_PHONE }));
    const overview = await api.request('GET', '/v2/user/documents', { headers: me.headers });
    assert.deepEqual(overview.body.liveness, { status: 'failed', allowed: false });
  });

  test('pending is "in verification" until the provider calls back', async () => {
    const me = await customer();
    const transactionId = await takeLivenessCheck('pending');
    const pending = await handOver(me.headers, transactionId);
    assert.equal(pending.status, 200);
    assert.deepEqual(pending.body, {
      liveness: { status: 'pending', allowed: true },
      message: messages.livenessPending,
    });
    const delivered = await callback({
      event_id: `evt-late-${transactionId}`,
      transaction_id: transactionId,
      status: 'success',
    });
    assert.equal(delivered.status, 200);
    const overview = await api.request('GET', '/v2/user/documents', { headers: me.headers });
    assert.deepEqual(overview.body.liveness, { status: 'success', allowed: true });
  });

  test('another customer cannot take my transaction (404), and mine is unchanged', async () => {
    const owner = await customer();
    const other = await customer();
    const transactionId = await takeLivenessCheck('success');
    assert.equal((await handOver(owner.headers, transactionId)).status, 200);
    const refused = await handOver(other.headers, transactionId);
    assertRefused(refused, 404, messages.livenessTransactionUnknown);
    const theirs = await api.request('GET', '/v2/user/documents', { headers: other.headers });
    assert.deepEqual(theirs.body.liveness, { status: null, allowed: true });
  });

  test('an unknown transaction is a 404 with the error body', async () => {
    const me = await customer();
    assertRefused(await handOver(me.headers, 'f'.repeat(32)), 404, messages.livenessTransactionUnknown);
  });
});

/** Posts a callback as the provider would, signed with `secret` at `now`. */
async function callback(
  event: Record<string, unknown>,
  options: { secret?: string; now?: Date; body?: string } = {},
): Promise<Answer> {
  const signed = JSON.stringify(event);
  const response = await fetch(`${api.baseUrl}/v2/providers/liveness/callback`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signHeader(options.secret ?? SECRET, signed, options.now),
    },
    body: options.body ?? signed,
  });
  return { status: response.status, body: await response.json() };
}

async function checkStatus(transactionId: string) {
  const row = await api.database.db
    .selectFrom('liveness_checks')
    .select('status')
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  return row?.status ?? null;
}

describe('signed provider callbacks', () => {
  test('a forged callback (wrong key) is refused with 401 and changes nothing', async () => {
    const refused = await callback(
      { event_id: 'evt-forged-1', transaction_id: 'forged-transaction-1', status: 'success' },
      { secret: 'not-the-key' },
    );
    assertRefused(refused, 401, messages.providerSignatureInvalid);
    assert.equal(await checkStatus('forged-transaction-1'), null);
  });

  test('a body changed after signing, an old timestamp, or no signature are refused', async () => {
    const event = { event_id: 'evt-tamper-1', transaction_id: 'tampered-transaction', status: 'failed' };
    const tampered = await callback(event, { body: JSON.stringify({ ...event, status: 'success' }) });
    assertRefused(tampered, 401, messages.providerSignatureInvalid);
    const stale = await callback(event, { now: new Date(Date.now() - 10 * 60_000) });
    assertRefused(stale, 401, messages.providerSignatureInvalid);
    const unsigned = await fetch(`${api.baseUrl}/v2/providers/liveness/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    assert.equal(unsigned.status, 401);
    assert.equal(await checkStatus('tampered-transaction'), null);
  });

  test('the signature is compared on the raw bytes: the same JSON re-spaced does not pass', async () => {
    const event = { event_id: 'evt-raw-1', transaction_id: 'raw-transaction-1', status: 'success' };
    const timestamp = Math.floor(Date.now() / 1000);
    const response = await fetch(`${api.baseUrl}/v2/providers/liveness/callback`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: `t=${timestamp},v1=${signatureOf(SECRET, timestamp, JSON.stringify(event))}`,
      },
      body: JSON.stringify(event, null, 2),
    });
    assert.equal(response.status, 401);
  });

  test('a replayed callback returns the first result and does nothing', async () => {
    const transactionId = 'replayed-transaction-1';
    const first = await callback({ event_id: 'evt-replay-1', transaction_id: transactionId, status: 'success' });
    assert.equal(first.status, 200);
    assert.equal(first.body.replayed, false);
    assert.equal(await checkStatus(transactionId), 'success');
    // A later event changes the verdict; replaying the first one must not bring it back.
    await callback({ event_id: 'evt-replay-2', transaction_id: transactionId, status: 'failed' });
    const replay = await callback({ event_id: 'evt-replay-1', transaction_id: transactionId, status: 'success' });
    assert.equal(replay.status, 200);
    assert.equal(replay.body.replayed, true);
    assert.deepEqual(replay.body.result, first.body.result);
    assert.equal(await checkStatus(transactionId), 'failed');
    const events = await api.database.db
      .selectFrom('provider_events')
      .select('event_id')
      .where('event_id', 'in', ['evt-replay-1', 'evt-replay-2'])
      .execute();
    assert.equal(events.length, 2);
  });

  test('the same event delivered ten times at once takes effect once', async () => {
    const event = { event_id: 'evt-burst-1', transaction_id: 'burst-transaction-1', status: 'success' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback(event)));
    assert.ok(answers.every((a) => a.status === 200));
    assert.equal(answers.filter((a) => a.body.replayed === false).length, 1);
    for (const answer of answers) assert.deepEqual(answer.body.result, answers[0]?.body.result);
  });

  test('a signed callback with a malformed event is a 422 with the error body', async () => {
    const refused = await callback({ event_id: 'evt-bad-1', transaction_id: 'x', status: 'maybe' });
    assert.equal(refused.status, 422);
    assert.ok(Array.isArray(refused.body.errors));
  });
});

describe('production mode', () => {
  test('refuses to start with the sandbox liveness provider: no face is verified by a stand-in', async () => {
    const config = readConfig({
      PROVIDER_MODE: 'production',
      SMS_PROVIDER_URL: 'http://127.0.0.1:9/send',
      RECAPTCHA_SECRET: 'recaptcha-secret',
      METRICS_TOKEN: 'metrics-token',
      ...LENDER_ENV,
    });
    await assert.rejects(
      buildApp({ config, database: api.database, sms: smsProviderFor(config, api.database.db) }, { logger: false }),
      /needs a liveness provider/,
    );
  });
});
