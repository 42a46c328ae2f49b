import { BankFileError, list, readDocument, text, type XmlNode } from './xml';

/** What the bank's answer means for a transfer: it went (or will go), it was refused, or not yet known. */
export type TransferVerdict = 'accepted' | 'rejected' | 'pending';

/**
 * ISO 20022 status codes, as our payouts read them. Accepted for execution or settled: the money goes. Rejected:
 * the loan goes back as after a bounce. Received, technically valid, pending, or a part of the group: not yet.
 */
const VERDICTS: Record<string, TransferVerdict> = {
  ACCP: 'accepted',
  ACSP: 'accepted',
  ACSC: 'accepted',
  ACWC: 'accepted',
  ACCC: 'accepted',
  RJCT: 'rejected',
  RCVD: 'pending',
  ACTC: 'pending',
  PDNG: 'pending',
  PART: 'pending',
};

export interface TransferStatus {
  endToEndId: string;
  verdict: TransferVerdict;
  code: string;
  /** The bank's reason code (e.g. AC04, closed account) and any words it adds. */
  reason: string | null;
}

export interface StatusReport {
  messageId: string;
  /** The MsgId of the pain.001 file it answers. */
  originalMessageId: string;
  /**
   * For every transfer the report does not list one by one: the status of the file as a whole, or of its payment
   * block when the report gives that without listing the transfers (our files have one block).
   */
  unlisted: { verdict: TransferVerdict; code: string; reason: string | null } | null;
  transfers: TransferStatus[];
}

function verdictOf(code: string | undefined, where: string): { verdict: TransferVerdict; code: string } {
  const verdict = code ? VERDICTS[code] : undefined;
  if (!verdict || !code) throw new BankFileError(`${where}: unknown status "${code ?? ''}"`);
  return { verdict, code };
}

function reasonOf(node: XmlNode): string | null {
  const [first] = list(node?.StsRsnInf);
  if (!first) return null;
  const code = text(first.Rsn?.Cd) ?? text(first.Rsn?.Prtry);
  const words = list(first.AddtlInf).map(text).filter(Boolean).join(' ');
  return [code, words].filter(Boolean).join(': ') || null;
}

/** Reads a pain.002 payment status report (001.03 and later keep these element names). */
export function readStatusReport(xml: string): StatusReport {
  const { root } = readDocument(xml, 'CstmrPmtStsRpt', 'pain.002');
  const messageId = text(root.GrpHdr?.MsgId);
  const original = root.OrgnlGrpInfAndSts;
  const originalMessageId = text(original?.OrgnlMsgId);
  if (!messageId || !originalMessageId) throw new BankFileError('pain.002 without its MsgId or OrgnlMsgId');
  const groupCode = text(original.GrpSts);
  const group = groupCode ? { ...verdictOf(groupCode, 'OrgnlGrpInfAndSts'), reason: reasonOf(original) } : null;
  let unlisted = group;
  const transfers: TransferStatus[] = [];
  for (const block of list(root.OrgnlPmtInfAndSts)) {
    const blockCode = text(block.PmtInfSts);
    const blockStatus = blockCode ? { ...verdictOf(blockCode, 'PmtInfSts'), reason: reasonOf(block) } : null;
    if (blockStatus && list(block.TxInfAndSts).length === 0) unlisted = blockStatus;
    for (const tx of list(block.TxInfAndSts)) {
      const endToEndId = text(tx.OrgnlEndToEndId);
      if (!endToEndId) throw new BankFileError('TxInfAndSts without OrgnlEndToEndId');
      const txCode = text(tx.TxSts);
      const status = txCode ? { ...verdictOf(txCode, 'TxSts'), reason: reasonOf(tx) } : (blockStatus ?? group);
      if (!status) throw new BankFileError(`${endToEndId}: no status given`);
      transfers.push({ endToEndId, ...status });
    }
  }
  return { messageId, originalMessageId, unlisted, transfers };
}
