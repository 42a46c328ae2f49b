import { randomBytes } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { SANDBOX_BOUNCING_IBAN } from '../providers/payout';
import { decimal, list, readDocument, text } from './xml';

/**
 * The sandbox bank of the SEPA rail: it answers a pain.001 file as a real bank's pain.002 does, and writes a
 * camt.053 statement of the transfers it "received", so the file rail can be run end to end without a bank.
 * Like the callback sandbox, it refuses transfers to SANDBOX_BOUNCING_IBAN (AC04, closed account).
 */
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  suppressEmptyNode: true,
});

const document = (namespace: string, body: Record<string, unknown>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({
    Document: { '@xmlns': `urn:iso:std:iso:20022:tech:xsd:${namespace}`, ...body },
  })}`;

const stamp = (now: Date) => now.toISOString().slice(0, 19);
const bankId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

/** The bank's status report for a credit-transfer file: each transfer accepted, or rejected when it bounces. */
export function sandboxStatusReport(pain001: string, now = new Date()): string {
  const { root } = readDocument(pain001, 'CstmrCdtTrfInitn', 'pain.001');
  const transactions = list(root.PmtInf).flatMap((block) =>
    list(block.CdtTrfTxInf).map((tx) => ({ block: text(block.PmtInfId), tx })),
  );
  const rejected = (iban: string | undefined) => iban === SANDBOX_BOUNCING_IBAN;
  const anyRejected = transactions.some(({ tx }) => rejected(text(tx.CdtrAcct?.Id?.IBAN)));
  return document('pain.002.001.03', {
    CstmrPmtStsRpt: {
      GrpHdr: { MsgId: bankId('SBXSTS'), CreDtTm: stamp(now) },
      OrgnlGrpInfAndSts: {
        OrgnlMsgId: text(root.GrpHdr?.MsgId),
        OrgnlMsgNmId: 'pain.001.001.03',
        OrgnlNbOfTxs: text(root.GrpHdr?.NbOfTxs),
        GrpSts: anyRejected ? 'PART' : 'ACCP',
      },
      OrgnlPmtInfAndSts: {
        OrgnlPmtInfId: transactions[0]?.block,
        TxInfAndSts: transactions.map(({ tx }) => ({
          OrgnlInstrId: text(tx.PmtId?.InstrId),
          OrgnlEndToEndId: text(tx.PmtId?.EndToEndId),
          TxSts: rejected(text(tx.CdtrAcct?.Id?.IBAN)) ? 'RJCT' : 'ACCP',
          ...(rejected(text(tx.CdtrAcct?.Id?.IBAN))
            ? { StsRsnInf: { Rsn: { Cd: 'AC04' }, AddtlInf: 'Cuenta cancelada' } }
            : {}),
        })),
      },
    },
  });
}

export interface SandboxCredit {
  /** The bank's reference of the line (AcctSvcrRef). */
  reference: string;
  amount: number;
  concept: string;
  debtorName?: string;
}

/** A day's camt.053.001.02 statement of the lender's account with these transfers in. */
export function sandboxStatement(accountIban: string, day: string, credits: SandboxCredit[], now = new Date()): string {
  const total = credits.reduce((sum, credit) => sum + credit.amount, 0);
  return document('camt.053.001.02', {
    BkToCstmrStmt: {
      GrpHdr: { MsgId: bankId('SBXSTM'), CreDtTm: stamp(now) },
      Stmt: {
        Id: `SBX-${accountIban.slice(-6)}-${day}`,
        CreDtTm: stamp(now),
        Acct: { Id: { IBAN: accountIban }, Ccy: 'EUR' },
        TxsSummry: { TtlCdtNtries: { NbOfNtries: credits.length, Sum: decimal(total) } },
        Ntry: credits.map((credit) => ({
          Amt: { '@Ccy': 'EUR', '#text': decimal(credit.amount) },
          CdtDbtInd: 'CRDT',
          Sts: 'BOOK',
          BookgDt: { Dt: day },
          ValDt: { Dt: day },
          AcctSvcrRef: credit.reference,
          BkTxCd: { Domn: { Cd: 'PMNT', Fmly: { Cd: 'RCDT', SubFmlyCd: 'ESCT' } } },
          NtryDtls: {
            TxDtls: {
              Refs: { AcctSvcrRef: credit.reference },
              RltdPties: credit.debtorName ? { Dbtr: { Nm: credit.debtorName } } : undefined,
              RmtInf: { Ustrd: credit.concept },
            },
          },
        })),
      },
    },
  });
}
