import { createHash } from 'node:crypto';
import { COMPLETED_CARD_STATUSES } from '@credimo/shared/domain';
import type { Kysely, Transaction } from 'kysely';
import {
  createRedsysAPI,
  GatewayError,
  type RedirectInputParams,
  type RedsysAPI,
  type RestTrataPeticionInputParams,
  randomTransactionId,
} from 'redsys-easy';
import type { ApiConfig, RedsysConfig } from '../config';
import type { Database, PaymentChannel } from '../db/schema';
import type { AutoDebitCharger } from './card-charger';
import type { PaymentCheckout } from './payments';

/**
 * Redsys, the Spanish banks' card gateway (our card acquirer and Bizum). The browser reaches it by
 * redirection: a form of `Ds_SignatureVersion` HMAC_SHA256_V1, `Ds_MerchantParameters` (base64 JSON) and
 * `Ds_Signature` (HMAC-SHA256 of the parameters under a key derived per order with 3DES from the terminal's key).
 * Redsys answers by a notification signed the same way to REDSYS_NOTIFICATION_URL, then sends the browser to
 * the URL OK or KO, which decide nothing. Saved cards are charged server to server (REST trataPeticionREST) with
 * the card's identifier, as a merchant-initiated card-on-file charge. The signing is redsys-easy's.
 */

export const REDSYS_PROVIDER = 'redsys';
/** Our page that posts the signed form to Redsys for a payment request (card or Bizum). */
export const REDSYS_CHECKOUT_PATH = '/v2/providers/redsys/checkout';
/** Our page that posts the signed form to Redsys for a card request (saving a card, no money taken). */
export const REDSYS_CARD_PATH = '/v2/providers/redsys/card';
/** Ds_Merchant_PayMethods: Bizum only, or cards only. */
export const REDSYS_PAY_METHODS: Record<PaymentChannel, string> = { bizum: 'z', card: 'C' };
const EURO = '978';
const SPANISH = '001';

/** Ds_Response 0000 to 0099 is an authorised operation; everything else (0190 refused, 9915 cancelled ...) is not. */
export function isAuthorised(response: string | undefined): boolean {
  if (!response || !/^\d{1,4}$/.test(response)) return false;
  return Number(response) < 100;
}

/** A charge's order number follows from its idempotency key: a retried charge is the same order, which Redsys
 * refuses to take twice. Four digits, then eight hexadecimal characters (Redsys: 4 to 12, the first 4 digits). */
export function chargeOrderFor(key: string): string {
  const hash = createHash('sha256').update(`charge:${key}`).digest('hex');
  return `${String(Number.parseInt(hash.slice(0, 8), 16) % 10_000).padStart(4, '0')}${hash.slice(8, 16)}`;
}

/** What a verified notification or REST answer says (`Ds_*`, URL-decoded). */
export type RedsysAnswer = Record<string, string>;

export class RedsysGateway {
  private readonly api: RedsysAPI;

  constructor(
    readonly config: RedsysConfig,
    fetchImpl: typeof fetch = globalThis.fetch,
  ) {
    this.api = createRedsysAPI({
      secretKey: config.secretKey,
      urls: {
        redirect: `${config.url}/sis/realizarPago`,
        restTrataPeticion: `${config.url}/sis/rest/trataPeticionREST`,
        restIniciaPeticion: `${config.url}/sis/rest/iniciaPeticionREST`,
      },
      // Node's own fetch: the library's types name undici's, which it is.
      fetch: fetchImpl as never,
    });
  }

  get origin(): string {
    return new URL(this.config.url).origin;
  }

  /** The browser's signed form for one order: the gateway's address and its three fields. */
  redirectForm(params: Omit<RedirectInputParams, 'DS_MERCHANT_MERCHANTCODE' | 'DS_MERCHANT_TERMINAL'>) {
    const form = this.api.createRedirectForm({
      DS_MERCHANT_MERCHANTCODE: this.config.merchantCode,
      DS_MERCHANT_TERMINAL: this.config.terminal,
      DS_MERCHANT_CURRENCY: EURO,
      DS_MERCHANT_CONSUMERLANGUAGE: SPANISH,
      DS_MERCHANT_MERCHANTURL: this.config.notificationUrl,
      ...params,
    } as RedirectInputParams);
    return { url: form.url, fields: { ...form.body } as Record<string, string> };
  }

  /**
   * A notification's parameters when its signature is Redsys's for this terminal's key and it names our merchant
   * and terminal; null otherwise (forged, altered, or another terminal's).
   */
  notification(body: unknown): RedsysAnswer | null {
    if (!body || typeof body !== 'object') return null;
    const fields = body as Record<string, unknown>;
    const signed = {
      Ds_SignatureVersion: String(fields.Ds_SignatureVersion ?? ''),
      Ds_MerchantParameters: String(fields.Ds_MerchantParameters ?? ''),
      Ds_Signature: String(fields.Ds_Signature ?? ''),
    };
    let params: Record<string, unknown>;
    try {
      params = this.api.processRestNotification(signed) as unknown as Record<string, unknown>;
    } catch {
      return null;
    }
    const answer = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
    );
    return this.isOurs(answer) ? answer : null;
  }

  /** A server-to-server charge (REST trataPeticionREST); the answer is verified like a notification. */
  async trataPeticion(
    params: Omit<RestTrataPeticionInputParams, 'DS_MERCHANT_MERCHANTCODE' | 'DS_MERCHANT_TERMINAL'>,
  ): Promise<RedsysAnswer> {
    const answer = await this.api.restTrataPeticion({
      DS_MERCHANT_MERCHANTCODE: this.config.merchantCode,
      DS_MERCHANT_TERMINAL: this.config.terminal,
      DS_MERCHANT_CURRENCY: EURO,
      ...params,
    } as RestTrataPeticionInputParams);
    const fields = Object.fromEntries(
      Object.entries(answer).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
    );
    if (!this.isOurs(fields)) throw new Error('Redsys answered for another merchant or terminal');
    return fields;
  }

  private isOurs(answer: RedsysAnswer): boolean {
    return (
      answer.Ds_MerchantCode === this.config.merchantCode && Number(answer.Ds_Terminal) === Number(this.config.terminal)
    );
  }
}

export function redsysGatewayFor(config: ApiConfig): RedsysGateway | null {
  return config.payments.provider === 'redsys' ? new RedsysGateway(config.payments.redsys) : null;
}

/** A new order number at Redsys for a payment or card request: one per visit to the gateway. */
export async function openOrder(
  db: Kysely<Database> | Transaction<Database>,
  order: { kind: 'payment' | 'card'; reference: string; amount: number },
): Promise<string> {
  const orderId = randomTransactionId();
  await db
    .insertInto('redsys_orders')
    .values({ order_id: orderId, ...order })
    .execute();
  return orderId;
}

/**
 * Payment requests paid at Redsys: the link (and Bizum's form) lead to our page that posts the signed form to the
 * gateway, so the browser only ever leaves the app for an allowed address and each visit is a fresh order.
 */
export class RedsysCheckout implements PaymentCheckout {
  constructor(private readonly config: ApiConfig) {}

  linkFor(request: { reference: string }): string {
    const url = new URL(REDSYS_CHECKOUT_PATH, this.config.publicUrl);
    url.searchParams.set('reference', request.reference);
    return url.toString();
  }

  formFor(request: { reference: string }) {
    return {
      actionUrl: new URL(REDSYS_CHECKOUT_PATH, this.config.publicUrl).toString(),
      fields: { reference: request.reference },
    };
  }
}

/** How long a charge waits for another process that is charging the same key before it answers not paid. */
const CONCURRENT_CHARGE_WAIT_MS = 10_000;

/**
 * A saved card's charge at Redsys: the card's identifier (Ds_Merchant_Identifier), card on file. The due-date
 * auto-debit is merchant-initiated (Ds_Merchant_Excep_SCA MIT, Ds_Merchant_DirectPayment true, quoting the card's
 * first transaction's Ds_Merchant_Cof_Txnid); a payment the customer starts with their saved card is a
 * customer-initiated card-on-file charge. The key is the order number's source, so a retry never charges twice.
 */
export class RedsysCardCharger implements AutoDebitCharger {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateway: RedsysGateway,
  ) {}

  async charge(request: { loanId: string; userId: string; amount: number; key: string; cardId?: string }) {
    const card = await this.db
      .selectFrom('payment_cards')
      .leftJoin('redsys_cards', 'redsys_cards.identifier', 'payment_cards.token')
      .select(['payment_cards.token', 'redsys_cards.cof_txnid'])
      .where('payment_cards.user_id', '=', request.userId)
      .$if(request.cardId === undefined, (q) => q.where('payment_cards.is_default', '=', true))
      .$if(request.cardId !== undefined, (q) => q.where('payment_cards.id', '=', request.cardId ?? ''))
      .where('payment_cards.status', 'in', COMPLETED_CARD_STATUSES)
      .where('payment_cards.token', 'is not', null)
      .executeTakeFirst();
    if (!card?.token) return null;
    const orderId = chargeOrderFor(request.key);
    const claimed = await this.db
      .insertInto('redsys_orders')
      .values({ order_id: orderId, kind: 'charge', reference: request.key, amount: request.amount })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('order_id')
      .executeTakeFirst();
    if (!claimed) return { paid: isAuthorised(await this.answerOf(orderId)) };
    const merchantInitiated = request.cardId === undefined;
    let response: string;
    try {
      const answer = await this.gateway.trataPeticion({
        DS_MERCHANT_ORDER: orderId,
        DS_MERCHANT_AMOUNT: String(request.amount),
        DS_MERCHANT_TRANSACTIONTYPE: '0',
        DS_MERCHANT_IDENTIFIER: card.token,
        DS_MERCHANT_DIRECTPAYMENT: 'true',
        DS_MERCHANT_COF_INI: 'N',
        DS_MERCHANT_COF_TYPE: merchantInitiated ? 'R' : 'C',
        ...(card.cof_txnid ? { DS_MERCHANT_COF_TXNID: card.cof_txnid } : {}),
        ...(merchantInitiated ? { DS_MERCHANT_EXCEP_SCA: 'MIT' } : {}),
      });
      response = answer.Ds_Response ?? '';
    } catch (error) {
      // SIS errors (an unknown identifier, a refused operation) are a charge not made; anything else (the
      // gateway unreachable) leaves the order unanswered and is thrown, so the caller's retry asks again.
      if (!(error instanceof GatewayError)) {
        await this.db.deleteFrom('redsys_orders').where('order_id', '=', orderId).execute();
        throw error;
      }
      response = error.code ?? 'SIS';
    }
    await this.db
      .updateTable('redsys_orders')
      .set({ response, answered_at: new Date() })
      .where('order_id', '=', orderId)
      .execute();
    return { paid: isAuthorised(response) };
  }

  /** The answer another process got (or gets, within a few seconds) for the same order. */
  private async answerOf(orderId: string): Promise<string | undefined> {
    const until = Date.now() + CONCURRENT_CHARGE_WAIT_MS;
    for (;;) {
      const row = await this.db
        .selectFrom('redsys_orders')
        .select('response')
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      if (row?.response || Date.now() > until) return row?.response ?? undefined;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
