import { formatMoney } from '@credimo/shared/format';
import { consoleBankTexts as texts } from '@credimo/shared/i18n/screens/console-bank';
import type { StaffMember } from '../staff/accounts';
import { CONSOLE_PATH, esc, layout, say, table } from './views';

export const BANK_PATH = `${CONSOLE_PATH}/bank`;

const euros = (cents: unknown) => esc(formatMoney(Number(cents ?? 0)));
const day = (value: unknown) =>
  value instanceof Date ? esc(value.toISOString().slice(0, 10)) : esc(String(value ?? '').slice(0, 10));

export interface BankOverview {
  fileRail: boolean;
  waiting: { count: number; amount: number };
  files: Array<{
    id: string | number;
    message_id: string;
    execution_date: unknown;
    transactions: number;
    control_sum: unknown;
    created_by: string;
    created_at: Date;
  }>;
  unmatched: Array<{
    entry_key: string;
    booked_on: unknown;
    amount: unknown;
    currency: string;
    concept: string;
    debtor_name: string | null;
    reason: string | null;
  }>;
}

const uploadForm = (action: string, title: string, hint: string) => `<section>
<h2>${esc(title)}</h2>
<p class="note">${esc(hint)}</p>
<form method="post" action="${BANK_PATH}/${action}" enctype="multipart/form-data" class="box">
<label>${esc(texts.xmlFile)} <input type="file" name="file" accept=".xml,application/xml,text/xml" required></label>
<button type="submit">${esc(texts.upload)}</button>
</form>
</section>`;

/** The bank page: the payouts waiting and the files made, the two uploads, and the lines left for an operator. */
export function bankPage(member: StaffMember, overview: BankOverview): string {
  const payouts = overview.fileRail
    ? `<p>${say(texts.waiting, { count: overview.waiting.count, amount: formatMoney(overview.waiting.amount) })}</p>
<form method="post" action="${BANK_PATH}/payout-files" class="box"><button type="submit">${esc(texts.makeFile)}</button></form>`
    : `<p class="note">${esc(texts.sandboxRail)}</p>`;
  const files = table(
    [texts.file, texts.executionDate, texts.transactions, texts.total, texts.madeBy, texts.madeAt, ''],
    overview.files.map((file) => [
      esc(file.message_id),
      day(file.execution_date),
      esc(file.transactions),
      euros(file.control_sum),
      esc(file.created_by),
      esc(file.created_at.toISOString().replace('T', ' ').slice(0, 19)),
      `<a href="${BANK_PATH}/payout-files/${esc(file.id)}" download>${esc(texts.download)}</a>`,
    ]),
    texts.noFiles,
  );
  const unmatched = table(
    [texts.line, texts.bookedOn, texts.amount, texts.concept, texts.payer, texts.reason],
    overview.unmatched.map((line) => [
      `<code>${esc(line.entry_key)}</code>`,
      day(line.booked_on),
      `${euros(line.amount)}${line.currency === 'EUR' ? '' : ` ${esc(line.currency)}`}`,
      esc(line.concept),
      esc(line.debtor_name),
      esc(line.reason),
    ]),
    texts.noUnmatched,
  );
  return layout(
    texts.title,
    member,
    `<section><h2>${esc(texts.payoutsTitle)}</h2>${payouts}<h3>${esc(texts.files)}</h3>${files}</section>
${uploadForm('status-reports', texts.statusReportTitle, texts.statusReportHint)}
${uploadForm('statements', texts.statementTitle, texts.statementHint)}
<section><h2>${esc(texts.unmatchedTitle)}</h2><p class="note">${esc(texts.unmatchedHint)}</p>${unmatched}</section>`,
  );
}

/** What an import or a new file did, line by line, with the way back to the bank page. */
export function bankResultPage(member: StaffMember, ok: boolean, lines: string[], link?: string): string {
  return layout(
    texts.title,
    member,
    `<div class="${ok ? 'ok' : 'alert'}" role="${ok ? 'status' : 'alert'}">${lines.map((l) => `<p>${esc(l)}</p>`).join('\n')}</div>
${link ? `<p><a href="${esc(link)}" download>${esc(texts.download)}</a></p>` : ''}
<p><a href="${BANK_PATH}">${esc(texts.title)}</a></p>`,
  );
}
