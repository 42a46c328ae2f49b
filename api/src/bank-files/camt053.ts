import { isValidIBAN } from 'ibantools';
import { BankFileError, cents, decimal, list, readDocument, text, type XmlNode } from './xml';

/** One credit or debit as the bank booked it on the lender's account. */
export interface StatementLine {
  /** The bank's reference of the line, with the account: the same line read again has the same key. */
  key: string;
  accountIban: string;
  statementId: string;
  amount: number;
  currency: string;
  credit: boolean;
  /** Booked (BOOK); pending or informational lines are not money yet. */
  booked: boolean;
  bookedOn: string | null;
  /** What the payer wrote (the remittance information): where the loan's reference is. */
  concept: string;
  debtorName: string | null;
}

/** The status of an entry: a code in camt.053.001.02, an element holding the code from .001.08 on. */
const statusOf = (entry: XmlNode) => text(entry.Sts?.Cd) ?? text(entry.Sts);

function conceptOf(tx: XmlNode | undefined, entry: XmlNode): string {
  const remittance = tx?.RmtInf;
  const parts = [
    ...list(remittance?.Ustrd).map(text),
    text(remittance?.Strd?.CdtrRefInf?.Ref),
    text(tx?.AddtlTxInf),
  ].filter((part): part is string => Boolean(part));
  // Some banks put the concept only in the entry's own note.
  if (parts.length === 0 && text(entry.AddtlNtryInf)) parts.push(text(entry.AddtlNtryInf) as string);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

const debtorOf = (tx: XmlNode | undefined) =>
  text(tx?.RltdPties?.Dbtr?.Nm) ?? text(tx?.RltdPties?.Dbtr?.Pty?.Nm) ?? null;

/**
 * Reads a camt.053 bank-to-customer statement into its lines. A line that carries several transfers (a batch)
 * becomes one line per transfer, each with its own amount and concept.
 */
export function readStatement(xml: string): { messageId: string; lines: StatementLine[] } {
  const { root } = readDocument(xml, 'BkToCstmrStmt', 'camt.053');
  const messageId = text(root.GrpHdr?.MsgId);
  if (!messageId) throw new BankFileError('camt.053 without GrpHdr/MsgId');
  const statements = list(root.Stmt);
  if (statements.length === 0) throw new BankFileError('camt.053 without a statement (Stmt)');
  const lines: StatementLine[] = [];
  for (const statement of statements) {
    const statementId = text(statement.Id);
    const accountIban = text(statement.Acct?.Id?.IBAN)?.replace(/\s/g, '').toUpperCase();
    if (!statementId || !accountIban) throw new BankFileError('a statement without its Id or account IBAN');
    if (!isValidIBAN(accountIban)) throw new BankFileError(`statement ${statementId}: account IBAN is not valid`);
    checkSummary(statement, statementId);
    for (const [index, entry] of list(statement.Ntry).entries()) {
      const reference = text(entry.AcctSvcrRef) ?? text(entry.NtryRef) ?? `${statementId}#${index + 1}`;
      const amountText = text(entry.Amt);
      const amount = cents(amountText);
      const where = `entry ${reference}`;
      if (amount === null) throw new BankFileError(`${where}: amount "${amountText ?? ''}" is not to the cent`);
      const indicator = text(entry.CdtDbtInd);
      if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new BankFileError(`${where}: CdtDbtInd missing`);
      // A reversal turns the indicator round: a reversed debit is money in.
      const reversal = text(entry.RvslInd) === 'true';
      const credit = (indicator === 'CRDT') !== reversal;
      const common = {
        accountIban,
        statementId,
        currency: String(entry.Amt?.['@Ccy'] ?? ''),
        credit,
        booked: statusOf(entry) === 'BOOK',
        bookedOn: text(entry.BookgDt?.Dt) ?? text(entry.BookgDt?.DtTm)?.slice(0, 10) ?? null,
      };
      const transactions = list(entry.NtryDtls).flatMap((details: XmlNode) => list(details.TxDtls));
      if (transactions.length <= 1) {
        const [tx] = transactions;
        lines.push({
          ...common,
          key: `${accountIban}:${reference}`,
          amount,
          concept: conceptOf(tx, entry),
          debtorName: debtorOf(tx),
        });
        continue;
      }
      let total = 0;
      for (const [n, tx] of transactions.entries()) {
        const txAmount = cents(text(tx.AmtDtls?.TxAmt?.Amt) ?? text(tx.Amt));
        if (txAmount === null) throw new BankFileError(`${where}: a batched transfer without its amount`);
        total += txAmount;
        lines.push({
          ...common,
          key: `${accountIban}:${reference}/${n + 1}`,
          amount: txAmount,
          concept: conceptOf(tx, entry),
          debtorName: debtorOf(tx),
        });
      }
      if (total !== amount) throw new BankFileError(`${where}: its transfers do not add up to its amount`);
    }
  }
  return { messageId, lines };
}

/**
 * The statement's own totals (TxsSummry), when the bank gives them, against its entries: a statement cut short in
 * the download, or edited, is refused whole rather than half applied.
 */
function checkSummary(statement: XmlNode, statementId: string) {
  const summary = statement.TxsSummry;
  if (!summary) return;
  const entries = list(statement.Ntry);
  const totals = (indicator: string) => {
    const of = entries.filter((entry: XmlNode) => text(entry.CdtDbtInd) === indicator);
    return {
      count: of.length,
      sum: of.reduce((total: number, entry: XmlNode) => total + (cents(text(entry.Amt)) ?? 0), 0),
    };
  };
  const checks: Array<[string, XmlNode, { count: number; sum: number }]> = [
    ['TtlNtries', summary.TtlNtries, { count: entries.length, sum: totals('CRDT').sum + totals('DBIT').sum }],
    ['TtlCdtNtries', summary.TtlCdtNtries, totals('CRDT')],
    ['TtlDbtNtries', summary.TtlDbtNtries, totals('DBIT')],
  ];
  for (const [name, declared, actual] of checks) {
    if (!declared) continue;
    const count = text(declared.NbOfNtries);
    if (count !== undefined && Number(count) !== actual.count) {
      throw new BankFileError(`statement ${statementId}: ${name} says ${count} entries, it holds ${actual.count}`);
    }
    // TtlNtries/Sum is the sum of the amounts whatever their sign (ISO 20022); TtlNetNtry is not checked.
    const sum = text(declared.Sum);
    if (sum !== undefined && cents(sum) !== actual.sum) {
      throw new BankFileError(`statement ${statementId}: ${name} sums ${sum}, its entries ${decimal(actual.sum)}`);
    }
  }
}
