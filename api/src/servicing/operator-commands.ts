import { EXTENSION_CONCEPT_WORD } from '@credimo/shared/domain';
import { formatMoney, formatWireDate } from '@credimo/shared/format';
import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config';
import type { Database } from '../db/schema';
import { clockToday, tickClock } from '../domain/clock';
import { COLLECTION_STEPS } from '../domain/servicing-rules';
import { loanIdByReference } from '../loans/applications';
import { SandboxCardCharger } from '../providers/card-charger';
import { RedsysCardCharger, redsysGatewayFor } from '../providers/redsys';
import { applyPayment } from './apply-payment';
import { moveToCollectionStep, offerForSale, sellLoan } from './collection';
import { runServicingDay } from './day';
import {
  type ForbearanceRuleName,
  forbearanceRuleProblem,
  forbearanceRulesOf,
  setForbearanceRule,
} from './forbearance-rules';
import { owedOf } from './owed';

/** A wrong command or argument, shown to the operator as one line. */
export class ServicingUsageError extends Error {}

export interface ServicingCommand {
  usage: string;
  run: (
    args: string[],
    context: { db: Kysely<Database>; config: ApiConfig; operator?: string },
  ) => Promise<{ lines: string[]; subject: string | null }>;
}

async function loanArgument(db: Kysely<Database>, reference: string | undefined): Promise<string> {
  const loanId = reference ? await loanIdByReference(db, reference) : null;
  if (!loanId) throw new ServicingUsageError(`no loan ${reference ?? '(missing loan)'}`);
  return loanId;
}

const operatorActor = (name?: string) => ({ kind: 'operator' as const, id: name || 'ops' });

/** Servicing's operator commands, in the shape of the operator command table (`npm run ops -- <name> …`). */
export const SERVICING_COMMANDS: Record<string, ServicingCommand> = {
  'advance-days': {
    usage: '<days>  (sandbox only: moves the clock and runs each day’s servicing)',
    async run([count], { db, config }) {
      if (config.providerMode === 'production') throw new ServicingUsageError('advance-days is for sandbox mode only');
      const days = Number(count);
      if (!Number.isInteger(days) || days < 1 || days > 366) throw new ServicingUsageError('days: 1 to 366');
      const lines: string[] = [];
      // Default cards are auto-debited on their due date by the configured acquirer, as the day's job does: cards
      // Redsys saved are charged at Redsys (its test gateway or a local fake), never paid by the sandbox's word.
      const redsys = redsysGatewayFor(config);
      const charger = redsys ? new RedsysCardCharger(db, redsys) : new SandboxCardCharger(db);
      for (let i = 0; i < days; i += 1) {
        await tickClock(db);
        const result = await runServicingDay(db, await clockToday(db), charger);
        lines.push(
          `${result.day}: ${result.loans} loans serviced, ${result.overdue} overdue, ${result.debited} auto-debited`,
        );
      }
      return { lines, subject: null };
    },
  },
  'forbearance-rule': {
    usage: "<product> [<rule> <value>]  (without a rule: prints the product's forbearance rules)",
    async run([product, rule, value], { db }) {
      const productId = Number(product);
      const known = Number.isInteger(productId)
        ? await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst()
        : undefined;
      if (!known) throw new ServicingUsageError(`no product ${product ?? '(missing product)'}`);
      let rules = await forbearanceRulesOf(db, productId);
      if (rule !== undefined) {
        const number = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
        const problem = forbearanceRuleProblem(rules, rule, number);
        if (problem) throw new ServicingUsageError(problem);
        rules = await setForbearanceRule(db, productId, rule as ForbearanceRuleName, number);
      }
      return {
        lines: Object.entries(rules).map(([name, current]) => `${name} ${current}`),
        subject: rule === undefined ? null : `product:${productId}`,
      };
    },
  },
  'payment-received': {
    usage:
      '<loan> <cents> <reference> [prorroga <days>]  (bank transfer or cash, applied once per reference; ' +
      'prorroga when its concept asks for an extension)',
    async run([loan, cents, reference, word, days], { db, operator }) {
      const loanId = await loanArgument(db, loan);
      const amount = Number(cents);
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new ServicingUsageError('cents: a whole number above 0');
      if (!reference) throw new ServicingUsageError('reference: the bank statement line or cash receipt');
      const term = word === undefined ? null : Number(days);
      if (word !== undefined && (word.toUpperCase() !== EXTENSION_CONCEPT_WORD || !Number.isInteger(term)))
        throw new ServicingUsageError(
          `${EXTENSION_CONCEPT_WORD.toLowerCase()} <days>: the extension the concept asks for`,
        );
      const owed = await owedOf(db, loanId);
      const result = await applyPayment(
        db,
        {
          loanId,
          externalId: `transfer:${reference}`,
          channel: 'transfer',
          amount,
          // An extension the money does not cover repays instead (applyPayment decides, as for a card).
          paymentType: term !== null ? 'prolongation' : amount >= owed.total ? 'payoff' : 'partial_repay',
          term,
          actor: operatorActor(operator),
        },
        await clockToday(db),
      );
      const left = await owedOf(db, loanId);
      return {
        subject: `loan:${loanId}`,
        lines: [
          result.applied ? `applied ${formatMoney(amount)} to loan ${loan}` : `reference ${reference} already applied`,
          ...(result.extended_to ? [`extended to ${result.extended_to}`] : []),
          `status ${result.status}, still owed ${formatMoney(left.total)}`,
        ],
      };
    },
  },
  collection: {
    usage: `<loan> <${Object.keys(COLLECTION_STEPS).join('|')}>`,
    async run([loan, step], { db, operator }) {
      const loanId = await loanArgument(db, loan);
      if (!step || !(step in COLLECTION_STEPS)) {
        throw new ServicingUsageError(`step: one of ${Object.keys(COLLECTION_STEPS).join(', ')}`);
      }
      const { from, to } = await moveToCollectionStep(db, loanId, step, operatorActor(operator));
      return { subject: `loan:${loanId}`, lines: [`loan ${loan}: ${from} -> ${to}`] };
    },
  },
  presale: {
    usage: '<loan> <name> <phone> <email> <account-holder> <account-number> <swift> <bank-name>',
    async run([loan, name, phone, email, holder, account, swift, bank], { db, operator }) {
      const loanId = await loanArgument(db, loan);
      if (!name || !phone || !email || !holder || !account || !swift || !bank) {
        throw new ServicingUsageError(
          'usage: presale <loan> <name> <phone> <email> <account-holder> <account-number> <swift> <bank-name>',
        );
      }
      const buyer = {
        name,
        phone,
        email,
        account_holder_name: holder,
        account_number: account,
        swift,
        bank_name: bank,
      };
      const balance = await offerForSale(db, loanId, buyer, operatorActor(operator));
      return {
        subject: `loan:${loanId}`,
        lines: [`loan ${loan} offered to ${name} (balance ${formatMoney(balance)})`],
      };
    },
  },
  sell: {
    usage: '<loan>  (after presale)',
    async run([loan], { db, operator }) {
      const loanId = await loanArgument(db, loan);
      const today = await clockToday(db);
      const balance = await sellLoan(db, loanId, today, operatorActor(operator));
      return {
        subject: `loan:${loanId}`,
        lines: [`loan ${loan} sold on ${formatWireDate(today)} (balance ${formatMoney(balance)})`],
      };
    },
  },
};
