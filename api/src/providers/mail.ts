import type { Kysely } from 'kysely';
import { createTransport } from 'nodemailer';
import type { Database } from '../db/schema';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** Sends an email to a customer. The SMTP mailer and the sandbox implement it alike. */
export interface Mailer {
  readonly sandbox: boolean;
  send(message: MailMessage): Promise<void>;
}

/** The default outside production: messages go to the mail_outbox table, nowhere else. */
export class SandboxMailer implements Mailer {
  readonly sandbox = true;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        from_address: this.from,
        to_address: message.to,
        subject: message.subject,
        body: message.text,
        attachments: JSON.stringify(
          (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            content_type: a.contentType,
            content_base64: Buffer.from(a.content).toString('base64'),
          })),
        ),
      })
      .execute();
  }
}

/** A mail server reached over SMTP (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465), sending as MAIL_FROM. */
export class SmtpMailer implements Mailer {
  readonly sandbox = false;
  private readonly transport: ReturnType<typeof createTransport>;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content),
      })),
    });
  }
}
