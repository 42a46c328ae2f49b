import { formatMoney } from '@credimo/shared/format';
import { consoleTexts } from '@credimo/shared/i18n/screens/console';
import { consoleBankTexts as texts } from '@credimo/shared/i18n/screens/console-bank';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BankFileError,
  createPayoutFile,
  importStatement,
  importStatusReport,
  MAX_BANK_FILE_BYTES,
  payoutDebtor,
  payoutFile,
  payoutFiles,
  statementLines,
  statusReportLines,
  unmatchedEntries,
  waitingPayouts,
} from '../bank-files';
import { BANK_PATH, bankPage, bankResultPage } from '../console/bank-views';
import { messagePage } from '../console/views';
import type { AppContext } from '../context';
import { clockToday } from '../domain/clock';
import { readUploadForm, UploadTooLarge } from '../http/multipart';
import { recordStaffEvent, type StaffMember, type StaffPermission } from '../staff';

/** What the console's own routes lend its bank pages: the role check, the HTML answer and the cross-site check. */
export interface ConsoleKit {
  allowed(request: FastifyRequest, reply: FastifyReply, permission: StaffPermission): Promise<StaffMember | null>;
  html(reply: FastifyReply, status?: number): FastifyReply;
  crossSite(request: FastifyRequest): boolean;
  page: object;
}

/**
 * The console's bank page (admins): the day's SEPA payouts file to download, and the bank's status reports
 * (pain.002) and statements (camt.053) to upload. Each step is written to the audit log.
 */
export function registerBankPages(app: FastifyInstance, context: AppContext, kit: ConsoleKit) {
  const db = context.database.db;
  const { allowed, html, crossSite, page } = kit;

  /** A signed-in admin posting from the console itself, or an answer already sent. */
  async function poster(request: FastifyRequest, reply: FastifyReply) {
    const member = await allowed(request, reply, 'bankFiles');
    if (member && crossSite(request)) {
      html(reply, 403).send(messagePage(member, consoleTexts.failed, consoleTexts.forbidden));
      return null;
    }
    return member;
  }

  app.get(BANK_PATH, page, async (request, reply) => {
    const member = await allowed(request, reply, 'bankFiles');
    if (!member) return reply;
    return html(reply).send(
      bankPage(member, {
        fileRail: context.config.payoutRail.provider === 'sepa-file',
        waiting: await waitingPayouts(db),
        files: await payoutFiles(db),
        unmatched: await unmatchedEntries(db),
      }),
    );
  });

  app.post(`${BANK_PATH}/payout-files`, page, async (request, reply) => {
    const member = await poster(request, reply);
    if (!member) return reply;
    try {
      const file = await createPayoutFile(
        db,
        payoutDebtor(context.config),
        await clockToday(db),
        `staff:${member.username}`,
      );
      if (!file) return html(reply).send(bankResultPage(member, true, [texts.noneWaiting]));
      await recordStaffEvent(db, member, 'payouts-file', `payout-file:${file.id}`, request.ip, {
        message_id: file.messageId,
        transactions: file.transactions,
        control_sum: file.controlSum,
      });
      const made = texts.fileMade
        .replace('{messageId}', file.messageId)
        .replace('{count}', String(file.transactions))
        .replace('{amount}', formatMoney(file.controlSum));
      return html(reply).send(bankResultPage(member, true, [made], `${BANK_PATH}/payout-files/${file.id}`));
    } catch (error) {
      if (!(error instanceof BankFileError)) throw error;
      return html(reply, 409).send(bankResultPage(member, false, [error.message]));
    }
  });

  app.get<{ Params: { id: string } }>(`${BANK_PATH}/payout-files/:id`, page, async (request, reply) => {
    const member = await allowed(request, reply, 'bankFiles');
    if (!member) return reply;
    const file = /^\d{1,18}$/.test(request.params.id) ? await payoutFile(db, request.params.id) : undefined;
    if (!file) return html(reply, 404).send(messagePage(member, texts.title, texts.noFiles));
    await recordStaffEvent(db, member, 'download-payouts-file', `payout-file:${file.id}`, request.ip);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file.message_id}.xml"`)
      .send(file.xml);
  });

  /** An uploaded bank file, imported by `run`; its lines, or why it was refused, on the result page. */
  async function upload(
    request: FastifyRequest,
    reply: FastifyReply,
    what: string,
    run: (xml: string, member: StaffMember) => Promise<string[]>,
  ) {
    const member = await poster(request, reply);
    if (!member) return reply;
    try {
      const form = await readUploadForm(request, { maxFileBytes: MAX_BANK_FILE_BYTES });
      const [file] = form.files;
      if (!file) return html(reply, 422).send(bankResultPage(member, false, [texts.fileMissing]));
      const lines = await run(file.bytes.toString('utf8'), member);
      await recordStaffEvent(db, member, what, null, request.ip, { lines });
      return html(reply).send(bankResultPage(member, true, lines));
    } catch (error) {
      if (error instanceof UploadTooLarge)
        return html(reply, 413).send(bankResultPage(member, false, [texts.fileTooLarge]));
      if (!(error instanceof BankFileError)) throw error;
      await recordStaffEvent(db, member, what, null, request.ip, { refused: error.message });
      return html(reply, 422).send(bankResultPage(member, false, [error.message]));
    }
  }

  app.post(`${BANK_PATH}/status-reports`, page, async (request, reply) =>
    upload(request, reply, 'payout-status', async (xml) => statusReportLines(await importStatusReport(db, xml))),
  );

  app.post(`${BANK_PATH}/statements`, page, async (request, reply) =>
    upload(request, reply, 'statement', async (xml, member) =>
      statementLines(await importStatement(db, xml, `staff:${member.username}`)),
    ),
  );
}
