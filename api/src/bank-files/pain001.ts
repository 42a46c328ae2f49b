import { isValidBIC, isValidIBAN } from 'ibantools';
import { Document } from 'sepa';
import { cents, decimal, list, readDocument, text, type XmlNode } from './xml';

export const PAIN_001 = 'pain.001.001.03';
const NAMESPACE = `urn:iso:std:iso:20022:tech:xsd:${PAIN_001}`;

/** The account the money leaves from (the lender's). */
export interface Debtor {
  name: string;
  iban: string;
  bic: string;
}

/** One transfer: to the customer's IBAN, named by the loan's reference from end to end. */
export interface CreditTransfer {
  endToEndId: string;
  amount: number;
  creditorName: string;
  creditorIban: string;
}

/**
 * The EPC's SEPA character set (Latin letters, digits and / - ? : ( ) . , ' + and space): accents are dropped and
 * anything else becomes a space, so a bank never rejects a file for a name such as "Muñoz & Cía".
 */
export function sepaText(value: string, maxLength: number): string {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, maxLength).trim();
}

const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]+$/;
/** Identifiers (MsgId, PmtInfId, EndToEndId) may not start or end with "/" nor hold "//". */
const SEPA_ID = /^(?!\/)(?!.*\/\/)[A-Za-z0-9/\-?:().,'+]{1,35}(?<!\/)$/;

/**
 * The day's transfers as one pain.001.001.03 file: one payment block from the lender's account, executed on
 * `executionDate`, one transaction per transfer.
 */
export function buildCreditTransferFile(
  messageId: string,
  created: Date,
  executionDate: Date,
  debtor: Debtor,
  transfers: CreditTransfer[],
): string {
  const doc = new Document(PAIN_001);
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = created;
  doc.grpHdr.initiatorName = sepaText(debtor.name, 70);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = executionDate;
  info.debtorIBAN = debtor.iban;
  info.debtorBIC = debtor.bic;
  info.debtorName = sepaText(debtor.name, 70);
  doc.addPaymentInfo(info);
  for (const transfer of transfers) {
    const tx = info.createTransaction();
    // A name with no Latin letter left would fail the whole file: the reference names the transfer instead.
    tx.creditorName = sepaText(transfer.creditorName, 70) || transfer.endToEndId;
    tx.creditorIBAN = transfer.creditorIban;
    // The library takes euros; cents / 100 is exact to two decimals at any amount we lend.
    tx.amount = transfer.amount / 100;
    tx.end2endId = transfer.endToEndId;
    tx.remittanceInfo = transfer.endToEndId;
    info.addTransaction(tx);
  }
  return doc.toString();
}

/** What a file holds, as the checks below read it back. */
export interface CreditTransferSummary {
  messageId: string;
  transactions: number;
  controlSum: number;
  endToEndIds: string[];
}

/**
 * Reads a pain.001.001.03 file back and checks what the scheme's rules let us check without the bank: structure,
 * identifiers, NbOfTxs and CtrlSum of the group and of each payment block against their transactions, amounts to
 * the cent, IBANs and BICs. Returns the problems (none: the file may go to the bank) and what the file holds.
 */
export function checkCreditTransferFile(xml: string): { problems: string[]; summary: CreditTransferSummary } {
  const problems: string[] = [];
  const { namespace, root } = readDocument(xml, 'CstmrCdtTrfInitn', PAIN_001);
  if (namespace !== NAMESPACE) problems.push(`namespace is "${namespace}", not ${NAMESPACE}`);
  const header: XmlNode = root.GrpHdr ?? {};
  const messageId = text(header.MsgId) ?? '';
  if (!SEPA_ID.test(messageId)) problems.push(`GrpHdr/MsgId "${messageId}" is not a SEPA identifier`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(text(header.CreDtTm) ?? '')) problems.push('GrpHdr/CreDtTm missing');
  if (!text(header.InitgPty?.Nm)) problems.push('GrpHdr/InitgPty/Nm missing');
  const blocks = list(root.PmtInf);
  if (blocks.length === 0) problems.push('no PmtInf');
  let count = 0;
  let sum = 0;
  const endToEndIds: string[] = [];
  for (const [b, block] of blocks.entries()) {
    const where = `PmtInf ${b + 1}`;
    if (!SEPA_ID.test(text(block.PmtInfId) ?? '')) problems.push(`${where}: PmtInfId missing or not SEPA`);
    if (text(block.PmtMtd) !== 'TRF') problems.push(`${where}: PmtMtd must be TRF`);
    if (text(block.PmtTpInf?.SvcLvl?.Cd) !== 'SEPA') problems.push(`${where}: service level must be SEPA`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text(block.ReqdExctnDt) ?? '')) problems.push(`${where}: ReqdExctnDt missing`);
    nameProblem(text(block.Dbtr?.Nm), `${where}: Dbtr/Nm`, problems);
    ibanProblem(text(block.DbtrAcct?.Id?.IBAN), `${where}: DbtrAcct`, problems);
    const debtorBic = text(block.DbtrAgt?.FinInstnId?.BIC);
    if (!debtorBic || !isValidBIC(debtorBic)) problems.push(`${where}: DbtrAgt BIC "${debtorBic ?? ''}" is not valid`);
    if (text(block.ChrgBr) !== 'SLEV') problems.push(`${where}: ChrgBr must be SLEV`);
    const transactions = list(block.CdtTrfTxInf);
    if (transactions.length === 0) problems.push(`${where}: no CdtTrfTxInf`);
    let blockSum = 0;
    for (const [t, tx] of transactions.entries()) {
      const at = `${where}, transaction ${t + 1}`;
      const endToEndId = text(tx.PmtId?.EndToEndId) ?? '';
      if (!SEPA_ID.test(endToEndId)) problems.push(`${at}: EndToEndId "${endToEndId}" is not a SEPA identifier`);
      endToEndIds.push(endToEndId);
      const instructionId = text(tx.PmtId?.InstrId);
      if (instructionId !== undefined && !SEPA_ID.test(instructionId)) problems.push(`${at}: InstrId is not SEPA`);
      const amountNode = tx.Amt?.InstdAmt;
      const amount = cents(text(amountNode));
      if (amount === null || amount < 1 || amount > 99_999_999_999) {
        problems.push(`${at}: InstdAmt "${text(amountNode) ?? ''}" is not an amount to the cent`);
      } else blockSum += amount;
      if (amountNode?.['@Ccy'] !== 'EUR') problems.push(`${at}: currency must be EUR`);
      nameProblem(text(tx.Cdtr?.Nm), `${at}: Cdtr/Nm`, problems);
      ibanProblem(text(tx.CdtrAcct?.Id?.IBAN), `${at}: CdtrAcct`, problems);
      const creditorBic = text(tx.CdtrAgt?.FinInstnId?.BIC);
      if (creditorBic !== undefined && !isValidBIC(creditorBic)) problems.push(`${at}: CdtrAgt BIC is not valid`);
    }
    sumProblems(block, transactions.length, blockSum, where, problems);
    count += transactions.length;
    sum += blockSum;
  }
  sumProblems(header, count, sum, 'GrpHdr', problems);
  if (new Set(endToEndIds).size !== endToEndIds.length) problems.push('an EndToEndId appears twice');
  return { problems, summary: { messageId, transactions: count, controlSum: sum, endToEndIds } };
}

function sumProblems(node: XmlNode, count: number, sum: number, where: string, problems: string[]) {
  if (text(node.NbOfTxs) !== String(count)) problems.push(`${where}/NbOfTxs ${text(node.NbOfTxs)} is not ${count}`);
  const declared = cents(text(node.CtrlSum));
  if (declared !== sum) problems.push(`${where}/CtrlSum ${text(node.CtrlSum)} is not ${decimal(sum)}`);
}

function nameProblem(name: string | undefined, where: string, problems: string[]) {
  if (!name || name.length > 70 || !SEPA_TEXT.test(name)) problems.push(`${where} "${name ?? ''}" is not a SEPA name`);
}

function ibanProblem(iban: string | undefined, where: string, problems: string[]) {
  if (!iban || !isValidIBAN(iban)) problems.push(`${where} IBAN "${iban ?? ''}" is not valid`);
}
