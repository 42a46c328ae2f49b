/**
 * The sandbox scoring engine: explainable rules, each with a code and the Spanish text the customer reads when
 * asking for the reasons of an automated decision (GDPR Art. 22). Pure: data in, outcome out.
 */

export interface DecisionInput {
  /** Whole years, or null when the birthday is unknown. */
  age: number | null;
  /** Monthly net income in cents, or null when not declared. */
  incomeCents: number | null;
  hasCurrentLoan: boolean | null;
  personalId: string | null;
  amount: number;
  product: { minAmount: number; amountStep: number };
}

export interface Reason {
  code: string;
  text: string;
}

export type DecisionOutcome =
  | { kind: 'approve'; reasons: Reason[] }
  | { kind: 'counter_offer'; amount: number; reasons: Reason[] }
  | { kind: 'manual'; reasons: Reason[] }
  | { kind: 'deny'; reasons: Reason[] };

/** Sandbox: personal ids that always get a refusal, so the refused path can be tried on purpose. */
export const TEST_DENY_LIST: readonly string[] = ['00000000T', '11111111H', 'X0000000T'];

export const DECISION_LIMITS = {
  minAge: 21,
  maxAge: 80,
  /** Below this monthly income (cents) we cannot lend. */
  minIncome: 40_000,
  /** The amount may be at most this share of the monthly income. */
  incomeShare: 0.5,
  /** Without a declared income, at most this much (cents). */
  undeclaredIncomeCap: 30_000,
} as const;

const REASONS = {
  denyList: { code: 'deny_list', text: 'Tu documento de identidad figura en una lista de exclusión.' },
  age: { code: 'age', text: 'Tu edad está fuera del rango admitido (de 21 a 80 años).' },
  lowIncome: { code: 'income_too_low', text: 'Tus ingresos mensuales declarados son insuficientes.' },
  currentLoan: {
    code: 'existing_loan',
    text: 'Declaras tener otro préstamo: un analista revisará tu solicitud.',
  },
  amountVsIncome: {
    code: 'amount_vs_income',
    text: 'El importe supera la mitad de tus ingresos mensuales: te ofrecemos un importe menor.',
  },
  undeclaredIncome: {
    code: 'income_not_declared',
    text: 'No has declarado ingresos: te ofrecemos un importe menor.',
  },
  approved: { code: 'all_checks_passed', text: 'Cumples todos los criterios de concesión.' },
} satisfies Record<string, Reason>;

/** The rules in order; the first refusal or manual review wins, then the amount is checked against income. */
export function evaluate(input: DecisionInput): DecisionOutcome {
  if (input.personalId && TEST_DENY_LIST.includes(input.personalId.toUpperCase())) {
    return { kind: 'deny', reasons: [REASONS.denyList] };
  }
  if (input.age !== null && (input.age < DECISION_LIMITS.minAge || input.age > DECISION_LIMITS.maxAge)) {
    return { kind: 'deny', reasons: [REASONS.age] };
  }
  if (input.incomeCents !== null && input.incomeCents < DECISION_LIMITS.minIncome) {
    return { kind: 'deny', reasons: [REASONS.lowIncome] };
  }
  if (input.hasCurrentLoan === true) return { kind: 'manual', reasons: [REASONS.currentLoan] };

  const cap =
    input.incomeCents === null
      ? DECISION_LIMITS.undeclaredIncomeCap
      : Math.floor(input.incomeCents * DECISION_LIMITS.incomeShare);
  if (input.amount <= cap) return { kind: 'approve', reasons: [REASONS.approved] };
  const step = input.product.amountStep;
  const offered = Math.floor((cap - input.product.minAmount) / step) * step + input.product.minAmount;
  const reason = input.incomeCents === null ? REASONS.undeclaredIncome : REASONS.amountVsIncome;
  if (offered < input.product.minAmount) return { kind: 'deny', reasons: [reason] };
  return { kind: 'counter_offer', amount: offered, reasons: [reason] };
}

/** Whole years between a yyyy-MM-dd birthday and today. */
export function ageOn(birthday: string | null, today: Date): number | null {
  if (!birthday) return null;
  const [y, m, d] = birthday.split('-').map(Number);
  if (!y || !m || !d) return null;
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}
