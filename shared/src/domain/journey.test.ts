import type { UserResponse } from '../contract/identity';
import type { LoanView } from '../contract/loans';
import { toRedirectLoan, toRedirectUser } from '../session/redirect-state';
import { activeLoan, customer } from '../testing/customers';
import { journeyPage, PAGE_OFFERS } from './journey';
import { LoanStatus } from './loan-status';

const address = {
  postal_code: '28014',
  region: 'Madrid',
  city: 'Madrid',
  street: 'Alcalá',
  house: '1',
  block: null,
  apartment: null,
};

/** A registered customer with this loan, as GET /v2/user answers. */
function registered(loan: Partial<LoanView> | null, extra: Partial<UserResponse> = {}): UserResponse {
  return customer(loan ? activeLoan(loan) : null, {
    addresses: { actual_address: address, registration_address: address },
    employment: { employment_type_id: 4, education: 'university', has_current_loan: false, business_activity_id: null },
    permissions: {
      is_blocked: false,
      authorization_status: loan && ![3, 4, 36].includes(loan.status ?? 2) ? 2 : 3,
    },
    ...extra,
  } as Partial<UserResponse>);
}

const page = (user: UserResponse) =>
  journeyPage({
    user: toRedirectUser(user),
    loan: toRedirectLoan(user.loan, user),
    view: user.loan,
    cards: user.payment_cards ?? [],
    processingView: user.payment_procession_on_loan_view === true,
  });

describe('the journey: the page each state leads to and what it offers', () => {
  test('a blocked customer is on the blocked page, which says what to do', () => {
    const user = registered(
      { status: LoanStatus.Active },
      { permissions: { is_blocked: true, authorization_status: 2 } },
    );
    expect(page(user)).toBe('blocked');
    expect(PAGE_OFFERS.blocked).toEqual({ next: expect.stringContaining('Llámanos') });
  });

  test('a blacklisted customer without an open loan is on the refusal page', () => {
    expect(page(registered({ status: LoanStatus.Returned }, { is_blacklisted: true }))).toBe('forbidden');
  });

  test('files asked for: the selfie first (photo verification), then the others; both pages take uploads', () => {
    const asked = (files: string[]) => registered({ status: LoanStatus.AwaitingSignContract, required_files: files });
    expect(page(asked(['selfie_with_id_card', 'id_card']))).toBe('registrationPhotoVerification');
    expect(page(asked(['id_card']))).toBe('applicationRequestAdditionalPhotos');
    expect(page(asked([]))).toBe('applicationSign');
    expect(PAGE_OFFERS.applicationRequestAdditionalPhotos).toEqual({ actions: ['uploadDocument'] });
  });

  test('a declined application is said on the account, with the calculator to apply again', () => {
    expect(page(registered({ status: LoanStatus.Denied }))).toBe('account:declined');
    expect(PAGE_OFFERS['account:declined']).toEqual({ actions: ['apply'] });
    expect(page(registered(null))).toBe('account:none');
  });

  test("the IBAN step: a first customer's gives the IBAN, a repeat customer's selects among their accounts", () => {
    const awaiting = { status: LoanStatus.AwaitingIssuanceMethod };
    expect(page(registered(awaiting))).toBe('applicationIssueMethod');
    expect(page(registered(awaiting, { is_repeated: true }))).toBe('registrationSelectAccount');
    expect(PAGE_OFFERS.registrationSelectAccount).toEqual({ actions: ['giveIban'] });
  });

  test('presale can be repaid; sold says whom to pay', () => {
    expect(page(registered({ status: LoanStatus.Presale }))).toBe('account:presale');
    expect(PAGE_OFFERS['account:presale']).toEqual({ actions: ['repay'] });
    expect(page(registered({ status: LoanStatus.Sold }))).toBe('account:sold');
    expect('next' in (PAGE_OFFERS['account:sold'] ?? {})).toBe(true);
  });

  test('signed: a card that can carry auto-debit orders the payout from the account; an expiring one, the auto-debit page', () => {
    const signed = { status: LoanStatus.ContractSigned, auto_debit_step_completed: false };
    const card = (month: number, year: number) => [{ id: '1', pan: '4111', expiry_month: month, expiry_year: year }];
    expect(page(registered(signed, { payment_cards: card(12, 2099) }))).toBe('account:moneyOnTheWay');
    expect(page(registered(signed, { payment_cards: card(1, 2020) }))).toBe('applicationAutoDebitConfirmation');
    expect(page(registered({ status: LoanStatus.Processing }))).toBe('account:paidOut');
    expect(page(registered({ status: LoanStatus.ProcessingFail }))).toBe('account:payoutFailed');
  });
});

describe('following the redirect rules', () => {
  const state = (user: UserResponse) => ({
    user: toRedirectUser(user),
    loan: toRedirectLoan(user.loan, user),
    view: user.loan,
    cards: user.payment_cards ?? [],
    processingView: false,
  });

  test('each page the rules choose is checked again, until the rules keep the customer where they are', () => {
    const chain: Record<string, string> = { account: 'a', a: 'b', b: 'c' };
    expect(journeyPage(state(registered(null)), ({ route }) => chain[route] ?? null)).toBe('c');
  });

  test('rules that come back to a page already left are a loop, named page by page', () => {
    const loop: Record<string, string> = { account: 'a', a: 'b', b: 'a' };
    expect(() => journeyPage(state(registered(null)), ({ route }) => loop[route] ?? null)).toThrow(
      'the redirect rules loop: account -> a -> b -> a',
    );
    expect(() => journeyPage(state(registered(null)), ({ route }) => (route === 'account' ? 'a' : 'account'))).toThrow(
      'the redirect rules loop: account -> a -> account',
    );
  });

  test('the rules see the customer and their loan', () => {
    const user = registered({ status: LoanStatus.Denied });
    const seen: unknown[] = [];
    journeyPage(state(user), (at) => {
      seen.push(at);
      return null;
    });
    expect(seen).toEqual([{ route: 'account', user: toRedirectUser(user), loan: toRedirectLoan(user.loan, user) }]);
  });

  test('on the account, an application with nothing to order is the account’s application part', () => {
    expect(journeyPage(state(registered({ status: LoanStatus.Request })), () => null)).toBe('account:application');
  });

  test('a loan in service is repaid from the account’s service part, not the presale one', () => {
    expect(journeyPage(state(registered({ status: LoanStatus.Active })))).toBe('account:service');
  });

  test('a sold loan with a payment under way is no presale: the account says whom to pay', () => {
    const sold = registered({ status: LoanStatus.Presale, has_pending_payment: true });
    expect(journeyPage(state(sold))).toBe('account:sold');
    expect(journeyPage({ ...state(sold), processingView: true })).toBe('account:processing');
  });
});
