import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type SmsChannel = 'sms' | 'whatsapp';

/** Sends a text to a Spanish mobile. Real providers and the sandbox implement it alike. */
export interface SmsProvider {
  readonly sandbox: boolean;
  send(message: { phone: string; channel: SmsChannel; body: string }): Promise<void>;
}

/** The default outside production: messages go to the sms_outbox table, nowhere else. */
export class SandboxSmsProvider implements SmsProvider {
  readonly sandbox = true;
  constructor(private readonly db: Kysely<Database>) {}

  async send(message: { phone: string; channel: SmsChannel; body: string }): Promise<void> {
    await this.db.insertInto('sms_outbox').values(message).execute();
  }
}

/** A gateway reached over HTTP (JSON POST with a bearer token), configured by SMS_PROVIDER_URL. */
export class HttpSmsProvider implements SmsProvider {
  readonly sandbox = false;
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  async send(message: { phone: string; channel: SmsChannel; body: string }): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ to: `+34${message.phone}`, channel: message.channel, text: message.body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
  }
}
