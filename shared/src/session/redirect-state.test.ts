import { addMonths } from 'date-fns';
import type { UserResponse } from '../contract/identity';
import type { LoanView } from '../contract/loans';
import { LoanStatus } from '../domain/loan-status';
import { redirectFor } from '../domain/redirects';
import { toRedirectLoan, toRedirectUser } from './redirect-state';

/** GET /v2/user as the API answers it for a registered customer with a loan (only what the rules read matters). */
function apiUser(loan: Partial<LoanView> | null, extra: Partial<UserResponse> = {}): UserResponse {
  const address = {
    postal_code: '28014',
    region: 'Madrid',
    city: 'Madrid',
    street: 'Alcalá',
    house: '1',
    block: null,
    apartment: null,
  };
  return {
    is_repeated: false,
    is_blacklisted: false,
    phone_confirmation: { is_phone_confirmed: true },
    permissions: { is_blocked: false, authorization_status: 2 },
    personal_data: {
      first_name: 'Ana',
      first_surname: 'García',
      personal_id: '12345678Z',
      expiration_date: '2031-01-01',
      nationality: 'ES',
      birthday: '1990-05-05',
      email: 'ana@credimo.es',
    },
    addresses: { actual_address: address, registration_address: address },
    employment: { employment_type_id: 4, education: 'university', has_current_loan: false, business_activity_id: null },
    loan: loan && {
      status: LoanStatus.Request,
      request_amount: 30000,
      original_request_amount: 30000,
      required_files: [],
      auto_debit_step_completed: false,
      ...loan,
    },
    ...extra,
  } as unknown as UserResponse;
}

/** Where the shell's guard sends this answer of GET /v2/user from `route`. */
const next = (route: string, user: UserResponse) =>
  redirectFor({ route, user: toRedirectUser(user), loan: toRedirectLoan(user.loan, user) });

describe('the redirect rules read the real GET /v2/user through the origination steps', () => {
  test('an approved loan awaiting its method goes to the IBAN screen', () => {
    expect(next('account', apiUser({ status: LoanStatus.AwaitingIssuanceMethod }))).toBe('applicationIssueMethod');
  });

  test('a counter-offer to a repeat customer is approved before signing; once approved, signing', () => {
    const offer = { status: LoanStatus.AwaitingSignContract, request_amount: 30000, original_request_amount: 50000 };
    expect(next('account', apiUser({ ...offer, new_conditions_approved: false }, { is_repeated: true }))).toBe(
      'applicationApproveNewConditions',
    );
    expect(next('account', apiUser({ ...offer, new_conditions_approved: true }, { is_repeated: true }))).toBe(
      'applicationSign',
    );
    // A first-time customer signs the lower amount directly.
    expect(next('account', apiUser({ ...offer, new_conditions_approved: false }))).toBe('applicationSign');
  });

  test('signed: the auto-debit step until auto_debit_step_completed, then the account (money on the way)', () => {
    expect(next('applicationSign', apiUser({ status: LoanStatus.ContractSigned }))).toBe(
      'applicationAutoDebitConfirmation',
    );
    const done = apiUser({ status: LoanStatus.ContractSigned, auto_debit_step_completed: true });
    expect(next('applicationAutoDebitConfirmation', done)).toBe('account');
    expect(next('account', done)).toBeNull();
    expect(next('applicationAutoDebitConfirmation', apiUser({ status: LoanStatus.Processing }))).toBe('account');
  });

  test('required_files outstanding after the decision ask for more photos', () => {
    const manual = apiUser({ status: LoanStatus.AwaitingVerification, required_files: ['income_statement'] });
    expect(next('account', manual)).toBe('applicationRequestAdditionalPhotos');
    expect(next('account', apiUser({ status: LoanStatus.AwaitingVerification }))).toBe(
      'applicationAwaitingVerificationLoan',
    );
  });

  test('rule 8 counts only the files the loan still asks for: once they are in, the awaiting page (rule 9)', () => {
    // The API takes each uploaded file off the loan's list; the liveness check counts for the selfie.
    const asked = (required_files: string[], extra: Partial<UserResponse> = {}) =>
      next(
        'applicationRequestAdditionalPhotos',
        apiUser({ status: LoanStatus.AwaitingVerification, required_files }, extra),
      );
    expect(asked(['id_card_back', 'income_statement'])).toBeNull();
    expect(asked([])).toBe('applicationAwaitingVerificationLoan');
    expect(asked(['liveness_selfie'], { liveness: { status: 'success', allowed: true } })).toBe(
      'applicationAwaitingVerificationLoan',
    );
    // From the account, the documents page while files are missing; no way back to the account meanwhile.
    expect(next('account', apiUser({ status: LoanStatus.AwaitingSignContract, required_files: ['id_card'] }))).toBe(
      'applicationRequestAdditionalPhotos',
    );
  });

  test('a declined or closed loan asks for no files (rule 8 applies while the loan collects them)', () => {
    for (const status of [LoanStatus.Denied, LoanStatus.Timeout, LoanStatus.Returned, LoanStatus.Active]) {
      const user = apiUser({ status, required_files: ['income_statement'] });
      expect(toRedirectLoan(user.loan, user)?.requiredFilesOutstanding).toBe(0);
    }
  });

  test('a selfie asked for by the loan, after registration, is photo verification first (before the application)', () => {
    const selfie = apiUser({ status: LoanStatus.AwaitingVerification, required_files: ['liveness_selfie'] });
    expect(next('account', selfie)).toBe('registrationPhotoVerification');
  });

  test('rule 13: a saved card that can carry auto-debit (valid more than 3 months, as the API asks) skips the auto-debit step', () => {
    const signed = { status: LoanStatus.ContractSigned };
    const card = (expiry_month: number, expiry_year: number) => ({
      id: '1',
      pan: '424242******4242',
      expiry_month,
      expiry_year,
    });
    expect(next('account', apiUser(signed, { payment_cards: [card(12, 2099)] }))).toBeNull();
    expect(
      next('account', apiUser(signed, { payment_card_request_status: 'Completed', payment_cards: [card(12, 2099)] })),
    ).toBeNull();
    expect(
      next('account', apiUser(signed, { payment_card_request_status: 'Refunded', payment_cards: [card(12, 2099)] })),
    ).toBeNull();
    // A card that expires within 3 months cannot carry auto-debit: the step stays, where the customer is told.
    const soon = addMonths(new Date(), 1);
    const expiring = card(soon.getMonth() + 1, soon.getFullYear());
    expect(
      next('account', apiUser(signed, { payment_card_request_status: 'Completed', payment_cards: [expiring] })),
    ).toBe('applicationAutoDebitConfirmation');
    // Still processing, or refused: the step stays.
    expect(
      next('account', apiUser(signed, { payment_card_request_status: 'PendingConfirmation', payment_cards: [] })),
    ).toBe('applicationAutoDebitConfirmation');
    expect(next('account', apiUser(signed, { payment_card_request_status: 'Error', payment_cards: [] }))).toBe(
      'applicationAutoDebitConfirmation',
    );
  });

  test('rule 4: a selfie asked for by the loan is met by a passed liveness check, not by a pending or failed one', () => {
    const asked = { status: LoanStatus.AwaitingVerification, required_files: ['liveness_selfie'] };
    expect(next('account', apiUser(asked, { liveness: { status: 'success', allowed: true } }))).not.toBe(
      'registrationPhotoVerification',
    );
    expect(next('account', apiUser(asked, { liveness: { status: 'pending', allowed: true } }))).toBe(
      'registrationPhotoVerification',
    );
    expect(next('account', apiUser(asked, { liveness: { status: 'failed', allowed: true } }))).toBe(
      'registrationPhotoVerification',
    );
  });

  test('rule 4: while registration is unfinished, photos put off (skip_<type>) let the customer go on', () => {
    const asked = { status: LoanStatus.AwaitingVerification, required_files: ['selfie_with_id_card'] };
    const unfinished = { permissions: { is_blocked: false, authorization_status: 1 as const } };
    expect(next('account', apiUser(asked, unfinished))).toBe('registrationPhotoVerification');
    const skipped = {
      ...unfinished,
      documents: [{ type: 'skip_selfie_with_id_card', uploaded_at: '2026-01-01T00:00:00Z' }],
    };
    expect(next('account', apiUser(asked, skipped))).not.toBe('registrationPhotoVerification');
    // Once registration is finished, a skipped selfie no longer passes: the loan asks for it.
    const finished = { documents: skipped.documents };
    expect(next('account', apiUser(asked, finished))).toBe('registrationPhotoVerification');
  });

  test('without a selfie asked for, no documents are needed to pass rule 4', () => {
    expect(next('account', apiUser({ status: LoanStatus.Request }, { documents: [] }))).not.toBe(
      'registrationPhotoVerification',
    );
  });
});
