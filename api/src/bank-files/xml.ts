import { XMLParser } from 'fast-xml-parser';

/** A bank file that cannot be read as what it claims to be: the operator is told why, nothing is applied. */
export class BankFileError extends Error {}

/** Elements that may repeat in the ISO 20022 messages we read: always arrays, however many the file holds. */
const REPEATED = new Set([
  'PmtInf',
  'CdtTrfTxInf',
  'OrgnlPmtInfAndSts',
  'TxInfAndSts',
  'StsRsnInf',
  'Stmt',
  'Ntry',
  'NtryDtls',
  'TxDtls',
  'Ustrd',
  'Bal',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Namespaces differ by version (camt.053.001.02, .08); the element names are what we read.
  removeNSPrefix: true,
  // Identifiers such as 00012 and amounts such as 10.50 stay text, exactly as written.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
  processEntities: true,
});

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is walked with the checks below, field by field
export type XmlNode = any;

/** The document's root element under <Document>, which must be `expected` (e.g. CstmrCdtTrfInitn). */
export function readDocument(xml: string, expected: string, kind: string): { namespace: string; root: XmlNode } {
  // ISO 20022 files carry no DTD; one that does could declare entities that grow without end.
  if (/<!DOCTYPE/i.test(xml)) throw new BankFileError(`not a ${kind} file: it declares a DOCTYPE`);
  let parsed: XmlNode;
  try {
    parsed = parser.parse(xml, true);
  } catch (error) {
    throw new BankFileError(`not a readable ${kind} file: ${(error as Error).message.split('\n')[0]}`);
  }
  const document = parsed?.Document;
  const root = document?.[expected];
  if (!root || typeof root !== 'object') throw new BankFileError(`not a ${kind} file (no Document/${expected})`);
  return { namespace: namespaceOf(xml), root };
}

/** The namespace of <Document>, whether it is the default one or bound to the element's prefix. */
function namespaceOf(xml: string): string {
  const start = /<(?:([A-Za-z_][\w.-]*):)?Document\b([^>]*)>/.exec(xml);
  if (!start) return '';
  const attribute = start[1] ? `xmlns:${start[1]}` : 'xmlns';
  return new RegExp(`\\s${attribute}\\s*=\\s*["']([^"']*)["']`).exec(start[2] ?? '')?.[1] ?? '';
}

/** An element's text: plain, or beside its attributes. */
export function text(node: XmlNode): string | undefined {
  if (node === undefined || node === null) return undefined;
  if (typeof node === 'object') return node['#text'] === undefined ? undefined : String(node['#text']);
  return String(node);
}

export const list = (node: XmlNode): XmlNode[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

/** Amounts as ISO 20022 writes them (at most two decimals for euros) to integer cents; null if not one. */
export function cents(amount: string | undefined): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(amount ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Integer cents as ISO 20022 writes euros: two decimals, a point. */
export const decimal = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
