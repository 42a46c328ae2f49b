import { createCipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from './page';

/**
 * A local Redsys for tests: the gateway's redirection page (/sis/realizarPago), its notification to the merchant
 * and its REST charges (/sis/rest/trataPeticionREST), signed and verified as Redsys does, with its own signing code
 * (not the API's library) so each side checks the other. It keeps what it saw (`notifications`, `charges`) for
 * tests to read.
 *
 * Its page shows the operation with "Pagar" and "Cancelar". Test cards: 4548810000000003 (Redsys's test card,
 * authorised), 4000000000000002 (refused, Ds_Response 0190), 4000000000000036 (saved, but its later charges are
 * refused: a card without funds). Cancelar answers 9915 (cancelled by the customer). Bizum takes a phone.
 */

/** The order's own key: the order encrypted under the terminal key (base64) with 3DES-CBC, zero IV and padding. */
export function redsysOrderKey(secretKey: string, order: string): Buffer {
  const plain = Buffer.from(order, 'utf8');
  const padded = Buffer.concat([plain, Buffer.alloc((8 - (plain.length % 8)) % 8)]);
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(secretKey, 'base64'), Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** HMAC_SHA256_V1: HMAC-SHA256 of Ds_MerchantParameters under the order's key, in base64. */
export function redsysSignature(secretKey: string, order: string, merchantParameters: string): string {
  return createHmac('sha256', redsysOrderKey(secretKey, order)).update(merchantParameters).digest('base64');
}

/** Base64 and base64url name the same bytes; Redsys signs notifications in the url-safe alphabet. */
const bytesOf = (signature: string) => Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

function signatureMatches(secretKey: string, order: string, parameters: string, given: string): boolean {
  const expected = bytesOf(redsysSignature(secretKey, order, parameters));
  const received = bytesOf(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

const encode = (params: Record<string, string>) => Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
const toUrlSafe = (signature: string) => signature.replace(/\+/g, '-').replace(/\//g, '_');

/** A request's parameters, whatever case the merchant wrote their names in (Redsys accepts both). */
function upperCased(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name.toUpperCase(), String(value ?? '')]));
}

export const FAKE_REDSYS_CARDS = {
  authorised: '4548810000000003',
  refused: '4000000000000002',
  noFunds: '4000000000000036',
} as const;

export interface FakeRedsysOptions {
  merchantCode: string;
  terminal: string;
  secretKey: string;
  port?: number;
  host?: string;
  /**
   * Where the notifications go when the merchant's URL cannot be known before the API listens (a test API on a
   * port chosen at start): this origin replaces the merchant URL's.
   */
  notificationOrigin?: string;
}

interface Session {
  params: Record<string, string>;
}

interface SavedCard {
  pan: string;
  cofTxnid: string;
}

export class FakeRedsys {
  readonly notifications: Array<{ order: string; response: string; status: number; params: Record<string, string> }> =
    [];
  readonly charges: Array<{ order: string; params: Record<string, string>; response: string }> = [];
  private readonly sessions = new Map<string, Session>();
  private readonly orders = new Set<string>();
  private readonly cards = new Map<string, SavedCard>();
  url = '';
  /** See FakeRedsysOptions.notificationOrigin; may be set once the API listens. */
  notificationOrigin: string | undefined;

  private constructor(
    private readonly options: FakeRedsysOptions,
    private readonly server: Server,
  ) {
    this.notificationOrigin = options.notificationOrigin;
  }

  static async start(options: FakeRedsysOptions): Promise<FakeRedsys> {
    const server = createServer();
    const fake = new FakeRedsys(options, server);
    server.on('request', (request, response) => {
      fake.handle(request, response).catch((error) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake.url = `http://${options.host ?? '127.0.0.1'}:${port}`;
    return fake;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Signs parameters as Redsys signs its answers: base64 JSON, HMAC under the order's key, url-safe alphabet. */
  signed(params: Record<string, string>) {
    const Ds_MerchantParameters = encode(params);
    return {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters,
      Ds_Signature: toUrlSafe(redsysSignature(this.options.secretKey, params.Ds_Order ?? '', Ds_MerchantParameters)),
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', this.url);
    if (request.method === 'POST' && url.pathname === '/sis/realizarPago') return this.redirection(request, response);
    if (request.method === 'POST' && url.pathname === '/sis/decision') return this.decision(request, response);
    if (request.method === 'POST' && url.pathname === '/sis/rest/trataPeticionREST')
      return this.rest(request, response);
    // What it saw, for a test that runs it as a process of its own.
    if (request.method === 'GET' && url.pathname === '/_fake/seen') {
      const seen = { notifications: this.notifications, charges: this.charges };
      return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  /** The merchant's signed request: its parameters when the signature, merchant and terminal are right, else why not. */
  private verify(fields: Record<string, unknown>): { params: Record<string, string> } | { error: string } {
    if (fields.Ds_SignatureVersion !== 'HMAC_SHA256_V1') return { error: 'SIS0295' };
    let params: Record<string, string>;
    try {
      params = upperCased(
        JSON.parse(Buffer.from(String(fields.Ds_MerchantParameters ?? ''), 'base64').toString('utf8')),
      );
    } catch {
      return { error: 'SIS0431' };
    }
    const order = params.DS_MERCHANT_ORDER ?? '';
    if (!/^\d{4}[0-9A-Za-z]{0,8}$/.test(order)) return { error: 'SIS0074' };
    if (
      !signatureMatches(
        this.options.secretKey,
        order,
        String(fields.Ds_MerchantParameters),
        String(fields.Ds_Signature ?? ''),
      )
    ) {
      return { error: 'SIS0042' };
    }
    if (params.DS_MERCHANT_MERCHANTCODE !== this.options.merchantCode) return { error: 'SIS0026' };
    if (Number(params.DS_MERCHANT_TERMINAL) !== Number(this.options.terminal)) return { error: 'SIS0026' };
    if (this.orders.has(order)) return { error: 'SIS0051' };
    return { params };
  }

  private async redirection(request: IncomingMessage, response: ServerResponse) {
    const verified = this.verify(await formOf(request));
    if ('error' in verified) return page(response, 400, 'Error', `<p role="alert">Error ${verified.error}</p>`);
    const { params } = verified;
    this.orders.add(params.DS_MERCHANT_ORDER ?? '');
    const id = randomBytes(12).toString('hex');
    this.sessions.set(id, { params });
    const bizum = params.DS_MERCHANT_PAYMETHODS === 'z';
    const saving = params.DS_MERCHANT_IDENTIFIER === 'REQUIRED' && Number(params.DS_MERCHANT_AMOUNT) === 0;
    const title = bizum ? 'Pago con Bizum' : saving ? 'Guardar tarjeta' : 'Pago con tarjeta';
    const amount = `${(Number(params.DS_MERCHANT_AMOUNT) / 100).toFixed(2).replace('.', ',')} €`;
    const field = bizum
      ? '<label>Teléfono de Bizum <input name="phone" inputmode="tel" value="612345678"></label>'
      : `<label>Número de tarjeta <input name="number" inputmode="numeric" value="${FAKE_REDSYS_CARDS.authorised}"></label>`;
    return page(
      response,
      200,
      title,
      `<p>Pasarela de pruebas (Redsys local): no se mueve dinero.</p>
<dl><dt>Comercio</dt><dd>${escapeHtml(params.DS_MERCHANT_MERCHANTNAME ?? params.DS_MERCHANT_MERCHANTCODE ?? '')}</dd>
<dt>Importe</dt><dd>${escapeHtml(amount)}</dd>
<dt>Pedido</dt><dd>${escapeHtml(params.DS_MERCHANT_ORDER ?? '')}</dd></dl>
<form method="post" action="/sis/decision">
<input type="hidden" name="session" value="${id}">
${field}
<button type="submit" name="decision" value="pay">Pagar</button>
<button type="submit" name="decision" value="cancel">Cancelar</button>
</form>`,
    );
  }

  /** The customer's choice: the notification to the merchant first, then the browser to the URL OK or KO. */
  private async decision(request: IncomingMessage, response: ServerResponse) {
    const fields = await formOf(request);
    const session = this.sessions.get(String(fields.session ?? ''));
    if (!session) return page(response, 410, 'Error', '<p role="alert">Esta operación ya ha terminado.</p>');
    this.sessions.delete(String(fields.session));
    const { params } = session;
    const bizum = params.DS_MERCHANT_PAYMETHODS === 'z';
    const number = String(fields.number ?? FAKE_REDSYS_CARDS.authorised).replace(/\s+/g, '');
    const code = fields.decision !== 'pay' ? '9915' : !bizum && number === FAKE_REDSYS_CARDS.refused ? '0190' : '0000';
    const ok = code === '0000';
    const answer: Record<string, string> = {
      ...this.common(params, code),
      Ds_SecurePayment: '1',
      Ds_ProcessedPayMethod: bizum ? '68' : '1',
      ...(bizum ? {} : { Ds_Card_Number: `${number.slice(0, 6)}******${number.slice(-4)}`, Ds_Card_Brand: '1' }),
    };
    if (ok && !bizum && params.DS_MERCHANT_IDENTIFIER === 'REQUIRED') {
      const identifier = randomBytes(20).toString('hex');
      const cofTxnid = String(BigInt(`0x${randomBytes(7).toString('hex')}`))
        .padStart(15, '0')
        .slice(0, 15);
      this.cards.set(identifier, { pan: number, cofTxnid });
      Object.assign(answer, {
        Ds_Merchant_Identifier: identifier,
        Ds_ExpiryDate: '3012',
        ...(params.DS_MERCHANT_COF_INI === 'S' ? { Ds_Merchant_Cof_Txnid: cofTxnid } : {}),
      });
    }
    const signed = this.signed(answer);
    const target = new URL(params.DS_MERCHANT_MERCHANTURL ?? '');
    if (this.notificationOrigin) {
      const origin = new URL(this.notificationOrigin);
      target.protocol = origin.protocol;
      target.host = origin.host;
    }
    const notified = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signed).toString(),
    }).catch(() => null);
    this.notifications.push({
      order: answer.Ds_Order ?? '',
      response: code,
      status: notified?.status ?? 0,
      params: answer,
    });
    const back = new URL((ok ? params.DS_MERCHANT_URLOK : params.DS_MERCHANT_URLKO) ?? '');
    for (const [name, value] of Object.entries(signed)) back.searchParams.set(name, value);
    response.writeHead(303, { location: back.toString(), 'cache-control': 'no-store' }).end();
  }

  /** A server-to-server charge of a saved card: merchant-initiated ones must quote the card's first transaction. */
  private async rest(request: IncomingMessage, response: ServerResponse) {
    const verified = this.verify(JSON.parse((await bodyOf(request)) || '{}'));
    const json = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if ('error' in verified) return json({ errorCode: verified.error });
    const { params } = verified;
    this.orders.add(params.DS_MERCHANT_ORDER ?? '');
    const card = this.cards.get(params.DS_MERCHANT_IDENTIFIER ?? '');
    if (!card) return json({ errorCode: 'SIS0218' });
    const merchantInitiated = params.DS_MERCHANT_EXCEP_SCA === 'MIT';
    const code =
      merchantInitiated && params.DS_MERCHANT_COF_TXNID !== card.cofTxnid
        ? '0195'
        : card.pan === FAKE_REDSYS_CARDS.noFunds
          ? '0190'
          : '0000';
    this.charges.push({ order: params.DS_MERCHANT_ORDER ?? '', params, response: code });
    return json(
      this.signed({
        ...this.common(params, code),
        Ds_SecurePayment: '0',
        Ds_Card_Number: `${card.pan.slice(0, 6)}******${card.pan.slice(-4)}`,
        ...(params.DS_MERCHANT_COF_TXNID ? { Ds_Merchant_Cof_Txnid: params.DS_MERCHANT_COF_TXNID } : {}),
      }),
    );
  }

  private common(params: Record<string, string>, code: string): Record<string, string> {
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    return {
      Ds_Date: `${two(now.getDate())}%2F${two(now.getMonth() + 1)}%2F${now.getFullYear()}`,
      Ds_Hour: `${two(now.getHours())}%3A${two(now.getMinutes())}`,
      Ds_Amount: params.DS_MERCHANT_AMOUNT ?? '0',
      Ds_Currency: params.DS_MERCHANT_CURRENCY ?? '978',
      Ds_Order: params.DS_MERCHANT_ORDER ?? '',
      Ds_MerchantCode: this.options.merchantCode,
      Ds_Terminal: this.options.terminal.padStart(3, '0'),
      Ds_Response: code,
      Ds_TransactionType: params.DS_MERCHANT_TRANSACTIONTYPE ?? '0',
      Ds_MerchantData: params.DS_MERCHANT_MERCHANTDATA ?? '',
      Ds_AuthorisationCode: code === '0000' ? String(100000 + Math.floor(Math.random() * 899999)) : '',
      Ds_ConsumerLanguage: '1',
    };
  }
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function formOf(request: IncomingMessage): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await bodyOf(request)));
}

function page(response: ServerResponse, status: number, title: string, body: string) {
  response
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(`<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>`);
}

/**
 * Run as a process of its own (a browser test, or by hand next to `npm start` with PAYMENTS_PROVIDER=redsys):
 * `node --import tsx api/src/sandbox/redsys-fake.ts` with REDSYS_MERCHANT_CODE, REDSYS_TERMINAL, REDSYS_SECRET_KEY
 * and REDSYS_FAKE_PORT; it prints its address once it listens.
 */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  FakeRedsys.start({
    merchantCode: process.env.REDSYS_MERCHANT_CODE ?? '',
    terminal: process.env.REDSYS_TERMINAL ?? '',
    secretKey: process.env.REDSYS_SECRET_KEY ?? '',
    port: Number(process.env.REDSYS_FAKE_PORT ?? 0),
  }).then((fake) => {
    console.log(`fake Redsys listening at ${fake.url}`);
    process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
  });
}
