import type { UserResponse } from '../contract/identity';
import type { LoanView } from '../contract/loans';
import type { PartialRepayResponse, ProlongResponse } from '../contract/servicing';
import { LoanStatus } from '../domain/loan-status';

/** Customers as GET /v2/user answers for them, for the account's screen tests and the shell server's first paint. */

/** An active 300 EUR loan, 10 days left of 30, as GET /v2/user carries it. */
export function activeLoan(overrides: Partial<LoanView> = {}): LoanView {
  return {
    id: '7',
    public_id: 'CR100007',
    status: LoanStatus.Active,
    status_type: 'info',
    status_text: 'Préstamo activo',
    request_date: '2026-11-02T10:00:00.000Z',
    request_amount: 30000,
    original_request_amount: 30000,
    return_amount: 39000,
    commission: 9000,
    tae: 2270.6,
    is_free: false,
    promocode: null,
    predicted_must_pay_date: '2026-12-02',
    must_pay_date: '2026-12-02',
    give_date: '2026-11-02',
    days: { total: 30, left: 10, late: 0 },
    required_files: [],
    auto_debit_step_completed: true,
    agreements: [],
    calculations: { today: { body: 30000, annual_commission: 6000, fine: 0, all_fines: 0, amount: 36000 } },
    extendable: true,
    available_extensions: [7, 14, 30],
    default_extension_term: 30,
    has_pending_payment: false,
    withdrawal: null,
    cession_portfolio: null,
    ...overrides,
  };
}

export function customer(loan: LoanView | null, overrides: Partial<UserResponse> = {}): UserResponse {
  return {
    id: '1',
    is_repeated: false,
    is_registered_by_agent: false,
    is_blacklisted: false,
    payment_procession_on_loan_view: true,
    contacts: { mobile_phone: '612345678' },
    phone_confirmation: { is_phone_confirmed: true },
    permissions: { is_blocked: false, authorization_status: loan ? 2 : 3 },
    personal_data: {
      first_name: 'Ana',
      first_surname: 'García',
      second_surname: 'López',
      personal_id: '12345678Z',
      expiration_date: '2031-01-01',
      nationality: 'ES',
      birthday: '1990-05-05',
      gender: 'female',
      email: 'ana@example.es',
    },
    addresses: { actual_address: null, registration_address: null },
    employment: null,
    contact_phones: [],
    loan,
    loan_count: { all: 1, active: loan ? 1 : 0 },
    discounts: [],
    payment_cards: [{ id: '3', pan: '411111******1111', expiry_month: 12, expiry_year: 2099 }],
    payment_card_request_status: 'Completed',
    session: { kind: 'customer', actor: null },
    ...overrides,
  } as UserResponse;
}

/** GET /v2/loan/partial_repay for activeLoan(): 0.10 EUR to today's 360 EUR, on 0.10 EUR steps. */
export const repaymentRange: PartialRepayResponse = {
  min: 10,
  max: 36000,
  step: 10,
  has_pending_payment: false,
  today: { body: 30000, annual_commission: 6000, fine: 0, amount: 36000 },
};

/** An extension of `term` days as GET /v2/loan/prolong lists it: 3 EUR a day, due on 01/01/2027. */
const extensionOf = (term: number) => ({
  term,
  cost: term * 300,
  next_pay_date: '2027-01-01',
  commission_at_the_end: 6000,
  promocode: null,
  payment_link: `http://api.test/v2/loan/payment/card?payment_type=prolongation&term=${term}`,
});

/** GET /v2/loan/prolong: these terms on offer, this one chosen by default. */
export const extensionTerms = (terms: number[] = [7, 14, 30], defaultTerm = 30): ProlongResponse => ({
  available_extensions: terms,
  default_extension_term: defaultTerm,
  extensions: terms.map(extensionOf),
});

/** The 14-day withdrawal while it lasts (until 16/11/2026): 302 EUR to return. */
export const openWithdrawal = {
  available: true,
  until: '2026-11-16',
  amount: 30_200,
  principal: 30_000,
  interest: 200,
  requested_on: null,
  acknowledgement: null,
};

/** A buyer of a sold loan (the cession notice's creditor and payment requisites); text with markup in it. */
export const cessionBuyer = {
  name: 'Cobros <Ibéricos> SA',
  phone: '+34 910 000 111',
  email: 'pagos@cobros.example',
  account_holder_name: 'Cobros Ibéricos SA',
  account_number: 'ES7921000813610123456789',
  swift: 'CAIXESBBXXX',
  bank_name: 'CaixaBank',
};
