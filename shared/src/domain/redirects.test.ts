import { LoanStatus } from './loan-status';
import { type RedirectLoan, type RedirectUser, redirectFor, registrationEntry } from './redirects';

/** A customer who has done every registration step, with no loan yet. */
function registered(overrides: Partial<RedirectUser> = {}): RedirectUser {
  return {
    isBlocked: false,
    isBlacklisted: false,
    authorizationStatus: 1,
    phoneConfirmed: true,
    isRepeated: false,
    personal: {
      firstName: 'Ana',
      firstSurname: 'García',
      personalId: '12345678Z',
      expirationDate: '2030-01-01',
      nationality: 'ES',
      birthday: '1990-05-05',
    },
    addresses: {
      actual: { region: 'Madrid', city: 'Madrid', street: 'Alcalá' },
      registration: { region: 'Madrid', city: 'Madrid', street: 'Alcalá' },
    },
    employment: {
      employmentTypeId: 4,
      email: 'ana@credimo.es',
      education: 'university',
      hasCurrentLoan: false,
      businessActivityId: null,
    },
    photos: { registrationFinished: false, photosSkipped: true, livenessOrSelfieMet: false },
    hasPaymentCard: false,
    cardRequestCompleted: false,
    lastCardRequest: null,
    ...overrides,
  };
}

const loanWith = (status: number, overrides: Partial<RedirectLoan> = {}): RedirectLoan => ({
  status,
  requestAmount: 30000,
  originalRequestAmount: 30000,
  newConditionsApproved: false,
  requiredFilesOutstanding: 0,
  autoDebitStepCompleted: true,
  ...overrides,
});

const from = (route: string, user: RedirectUser | null, loan: RedirectLoan | null = null) =>
  redirectFor({ route, user, loan });

describe('the redirect rules, in order', () => {
  test('1. the blocked page requires not being blocked', () => {
    expect(from('account', registered({ isBlocked: true }))).toBe('blocked');
    expect(from('blocked', registered({ isBlocked: true }))).toBeNull();
    expect(from('blocked', registered())).toBe('account');
  });

  test('2. without a user nothing is decided here (protected routes send to auth)', () => {
    expect(from('registrationPersonalData', null)).toBeNull();
  });

  test('3. auth confirm requires a confirmed phone', () => {
    expect(from('registrationApplication', registered({ phoneConfirmed: false }))).toBe('authConfirm');
  });

  test('4. photo verification requires photos skipped before the end of registration, or the selfie met', () => {
    const photos = { registrationFinished: true, photosSkipped: true, livenessOrSelfieMet: false };
    expect(from('registrationApplication', registered({ photos }))).toBe('registrationPhotoVerification');
    expect(from('registrationApplication', registered({ photos: { ...photos, livenessOrSelfieMet: true } }))).not.toBe(
      'registrationPhotoVerification',
    );
  });

  test('5. personal data requires names, id, expiry, nationality, birthday and both addresses', () => {
    const user = registered();
    expect(from('registrationApplication', { ...user, personal: { ...user.personal, birthday: null } })).toBe(
      'registrationPersonalData',
    );
    expect(
      from('registrationApplication', {
        ...user,
        addresses: { ...user.addresses, actual: { region: 'Madrid', city: '', street: 'x' } },
      }),
    ).toBe('registrationPersonalData');
  });

  test('6. additional information requires employment, email, education, current-loan answer, activity when employed', () => {
    const user = registered();
    expect(from('registrationApplication', { ...user, employment: { ...user.employment, hasCurrentLoan: null } })).toBe(
      'registrationAdditionalInformation',
    );
    expect(from('registrationApplication', { ...user, employment: { ...user.employment, employmentTypeId: 1 } })).toBe(
      'registrationAdditionalInformation',
    );
    expect(
      from('registrationApplication', {
        ...user,
        employment: { ...user.employment, employmentTypeId: 1, businessActivityId: 3 },
      }),
    ).toBeNull();
  });

  test('7. the registration application requires a loan', () => {
    expect(from('account', registered())).toBe('registrationApplication');
  });

  test('8. request additional photos while any is outstanding', () => {
    expect(from('account', registered(), loanWith(LoanStatus.Active, { requiredFilesOutstanding: 1 }))).toBe(
      'applicationRequestAdditionalPhotos',
    );
  });

  test("8's step: the selfie in, the documents page that asked for it goes on with the other photos, then moves on", () => {
    const selfieIn = registered({
      photos: { registrationFinished: true, photosSkipped: false, livenessOrSelfieMet: true },
    });
    const verifying = LoanStatus.AwaitingVerification;
    expect(
      from('registrationPhotoVerification', selfieIn, loanWith(verifying, { requiredFilesOutstanding: 1 })),
    ).toBeNull();
    expect(from('registrationPhotoVerification', selfieIn, loanWith(verifying))).toBe(
      'applicationAwaitingVerificationLoan',
    );
  });

  test('9. each awaiting page while the loan status matches, left when it no longer does', () => {
    expect(from('account', registered(), loanWith(LoanStatus.Request))).toBe('applicationAwaitingRequestLoan');
    expect(from('account', registered(), loanWith(LoanStatus.New))).toBe('applicationAwaitingNewLoan');
    expect(from('account', registered(), loanWith(LoanStatus.AwaitingVerification))).toBe(
      'applicationAwaitingVerificationLoan',
    );
    expect(from('account', registered(), loanWith(LoanStatus.AwaitingBankDataImport))).toBe(
      'applicationAwaitingBankDataImporting',
    );
    expect(
      from('applicationAwaitingRequestLoan', registered({ authorizationStatus: 2 }), loanWith(LoanStatus.Active)),
    ).toBe('account');
  });

  test('10. approve new conditions: a repeat user whose amount changed, not yet approved, awaiting signature', () => {
    const loan = loanWith(LoanStatus.AwaitingSignContract, { requestAmount: 20000 });
    expect(from('account', registered({ isRepeated: true }), loan)).toBe('applicationApproveNewConditions');
    expect(from('account', registered({ isRepeated: true }), { ...loan, newConditionsApproved: true })).toBe(
      'applicationSign',
    );
    expect(from('account', registered(), loan)).toBe('applicationSign');
  });

  test('11 and 12. issue method and bank preview while their statuses last', () => {
    expect(from('account', registered(), loanWith(LoanStatus.AwaitingIssuanceMethod))).toBe('applicationIssueMethod');
    expect(from('account', registered(), loanWith(LoanStatus.AwaitingBankProcessData))).toBe(
      'applicationBankDataPreview',
    );
  });

  test("12's step: the provider's page and the return from it stay while the bank data is awaited, then move on", () => {
    const awaiting = loanWith(LoanStatus.AwaitingBankProcessData);
    expect(from('applicationBankData', registered(), awaiting)).toBeNull();
    expect(from('unnaxAggregation', registered(), awaiting)).toBeNull();
    expect(from('applicationBankData', registered(), loanWith(LoanStatus.AwaitingBankDataImport))).toBe(
      'applicationAwaitingBankDataImporting',
    );
    expect(from('applicationBankData', registered(), loanWith(LoanStatus.AwaitingSignContract))).toBe(
      'applicationSign',
    );
  });

  test('13. auto-debit confirmation once signed (flow order: sign, then auto-debit) with no card, no completed request, step not done', () => {
    const signed = loanWith(LoanStatus.ContractSigned, { autoDebitStepCompleted: false });
    expect(from('account', registered(), signed)).toBe('applicationAutoDebitConfirmation');
    expect(from('account', registered({ hasPaymentCard: true }), signed)).toBeNull();
    expect(from('account', registered(), loanWith(LoanStatus.ContractSigned))).toBeNull();
    // Awaiting the signature, signing comes first even though the auto-debit step is not done.
    const unsigned = loanWith(LoanStatus.AwaitingSignContract, { autoDebitStepCompleted: false });
    expect(from('account', registered(), unsigned)).toBe('applicationSign');
  });

  test('11 for a repeat customer: the IBAN step is the selection among their accounts (/registration/select-account)', () => {
    const awaiting = loanWith(LoanStatus.AwaitingIssuanceMethod);
    const repeat = registered({ isRepeated: true, authorizationStatus: 2 });
    expect(from('account', repeat, awaiting)).toBe('registrationSelectAccount');
    expect(from('registrationSelectAccount', repeat, awaiting)).toBeNull();
    expect(from('account', registered({ authorizationStatus: 2 }), awaiting)).toBe('applicationIssueMethod');
    // The IBAN given, the rules move on to signing.
    expect(from('registrationSelectAccount', repeat, loanWith(LoanStatus.AwaitingSignContract))).toBe(
      'applicationSign',
    );
  });

  test("13's outcome: back from the acquirer with a completed card, the customer stays to read the success until paid out", () => {
    const withCard = registered({ authorizationStatus: 2, hasPaymentCard: true, lastCardRequest: 'completed' });
    const open = loanWith(LoanStatus.ContractSigned, { autoDebitStepCompleted: false });
    expect(from('applicationAutoDebitConfirmation', withCard, open)).toBeNull();
    expect(from('applicationAutoDebitConfirmation', withCard, loanWith(LoanStatus.Processing))).toBeNull();
    expect(from('applicationAutoDebitConfirmation', withCard, loanWith(LoanStatus.Active))).toBe('account');
    // Not a page the rules send anyone to: from the account, money on the way.
    expect(from('account', withCard, open)).toBeNull();
    // A refused card request is no success: the step is still open, the offer is shown again.
    const refused = registered({ authorizationStatus: 2, lastCardRequest: 'error' });
    expect(from('applicationAutoDebitConfirmation', refused, open)).toBeNull();
    expect(from('applicationAutoDebitConfirmation', { ...refused, hasPaymentCard: true }, open)).toBe('account');
  });

  test('14. application sign while awaiting signature', () => {
    expect(from('account', registered(), loanWith(LoanStatus.AwaitingSignContract))).toBe('applicationSign');
    expect(from('applicationSign', registered(), loanWith(LoanStatus.AwaitingSignContract))).toBeNull();
  });
});

describe('the exceptions', () => {
  test('customers registered without an active loan (status 3) who are not blocked skip the rules', () => {
    expect(from('account', registered({ authorizationStatus: 3 }))).toBeNull();
    expect(from('account', registered({ authorizationStatus: 3, isBlocked: true }))).toBe('blocked');
  });

  test('the stepper flag switches the rules off', () => {
    expect(
      redirectFor({ route: 'account', user: registered(), loan: null, flags: { stepperDisabled: true } }),
    ).toBeNull();
  });

  test('personal data and additional information never go backwards', () => {
    const user = registered();
    const missingPersonal = { ...user, personal: { ...user.personal, firstName: null } };
    expect(from('registrationAdditionalInformation', missingPersonal)).toBeNull();
    expect(from('registrationApplication', missingPersonal)).toBe('registrationPersonalData');
  });

  test('back from additional information opens personal data and the rules do not push the customer forward', () => {
    const user = registered();
    const missingEmployment = { ...user, employment: { ...user.employment, education: null } };
    expect(from('registrationPersonalData', missingEmployment)).toBeNull();
    // Elsewhere the same customer is still sent to the step that is missing.
    expect(from('registrationApplication', missingEmployment)).toBe('registrationAdditionalInformation');
  });

  test('the dynamic step keeps a customer whose personal data or additional information is missing', () => {
    const user = registered();
    const missingPersonal = { ...user, personal: { ...user.personal, birthday: null } };
    const missingEmployment = { ...user, employment: { ...user.employment, education: null } };
    expect(from('registrationDynamic', missingPersonal)).toBeNull();
    expect(from('registrationDynamic', missingEmployment)).toBeNull();
    // Once everything is in, the application step follows.
    expect(from('registrationDynamic', user)).toBe('registrationApplication');
  });

  test('after registration the application step waits for a loan, then the awaiting page takes over', () => {
    expect(from('registrationAdditionalInformation', registered())).toBe('registrationApplication');
    expect(from('registrationApplication', registered({ authorizationStatus: 2 }), loanWith(LoanStatus.Request))).toBe(
      'applicationAwaitingRequestLoan',
    );
  });

  test('the confirmation step (/registration/step2) is guarded: blocked to the blocked page, an unconfirmed phone to the code, personal data to the account', () => {
    const noProfile = registered({ personal: { ...registered().personal, personalId: null } });
    expect(from('registrationConfirmation', noProfile)).toBeNull();
    expect(from('registrationConfirmation', { ...noProfile, isBlocked: true })).toBe('blocked');
    expect(from('registrationConfirmation', { ...noProfile, phoneConfirmed: false })).toBe('authConfirm');
    expect(from('registrationConfirmation', registered({ authorizationStatus: 3 }))).toBe('account');
    expect(from('registrationConfirmation', registered(), null)).toBe('registrationApplication');
  });

  test('signing in with part of the profile given opens the dynamic step, which asks only for the rest', () => {
    const nothing = registered({
      personal: {
        firstName: null,
        firstSurname: null,
        personalId: null,
        expirationDate: null,
        nationality: null,
        birthday: null,
      },
      addresses: { actual: null, registration: null },
      employment: {
        employmentTypeId: null,
        email: null,
        education: null,
        hasCurrentLoan: null,
        businessActivityId: null,
      },
    });
    expect(registrationEntry(nothing)).toBe('registrationPersonalData');
    const someKnown = { ...nothing, personal: { ...nothing.personal, firstName: 'Ana' } };
    expect(registrationEntry(someKnown)).toBe('registrationDynamic');
    expect(registrationEntry({ ...nothing, employment: { ...nothing.employment, email: 'ana@credimo.es' } })).toBe(
      'registrationDynamic',
    );
    // The rules keep the customer there while the profile is incomplete.
    expect(from('registrationDynamic', someKnown)).toBeNull();
  });

  test('with no redirect left, application pages return to the account', () => {
    expect(from('applicationIssueMethod', registered({ authorizationStatus: 2 }), loanWith(LoanStatus.Active))).toBe(
      'account',
    );
  });

  test('users with personal data leave registration pages for the account', () => {
    expect(from('registrationPersonalData', registered({ authorizationStatus: 3 }))).toBe('account');
  });

  test('a blacklisted user with no loan goes to the forbidden page; from it, to the account otherwise', () => {
    expect(from('account', registered({ isBlacklisted: true }))).toBe('forbidden');
    expect(from('forbidden', registered({ isBlacklisted: true }))).toBeNull();
    expect(from('forbidden', registered({ authorizationStatus: 3 }))).toBe('account');
  });

  test('a blacklisted repeat customer whose loans are closed goes to the forbidden page, not the calculator', () => {
    const blacklisted = registered({ isBlacklisted: true, isRepeated: true, authorizationStatus: 3 });
    for (const status of [LoanStatus.Returned, LoanStatus.Denied, LoanStatus.Timeout]) {
      expect(from('account', blacklisted, loanWith(status))).toBe('forbidden');
    }
    // With a loan still open, the account (to repay it).
    expect(from('account', registered({ isBlacklisted: true }), loanWith(LoanStatus.Active))).toBeNull();
  });
});

describe('what the redirect rules count as done', () => {
  test('a name of spaces is no name: personal data is still missing', () => {
    const user = registered();
    expect(from('registrationApplication', { ...user, personal: { ...user.personal, firstName: '  ' } })).toBe(
      'registrationPersonalData',
    );
  });

  test('no actual address is missing personal data', () => {
    const user = registered();
    expect(from('registrationApplication', { ...user, addresses: { ...user.addresses, actual: null } })).toBe(
      'registrationPersonalData',
    );
  });

  test('the employed and the self-employed need their business activity', () => {
    for (const employmentTypeId of [1, 3]) {
      const user = registered();
      const employment = { ...user.employment, employmentTypeId, businessActivityId: null };
      expect(from('registrationApplication', { ...user, employment })).toBe('registrationAdditionalInformation');
      expect(
        from('registrationApplication', { ...user, employment: { ...employment, businessActivityId: 5 } }),
      ).toBeNull();
    }
  });

  test('a repeated customer whose amount did not change has no new conditions to approve', () => {
    const loan = loanWith(LoanStatus.AwaitingSignContract);
    expect(from('account', registered({ isRepeated: true }), loan)).toBe('applicationSign');
  });

  test('auto-debit confirmation is asked only while a contract awaits signing', () => {
    const loan = loanWith(LoanStatus.Active, { autoDebitStepCompleted: false });
    expect(from('account', registered(), loan)).toBeNull();
  });
});
