import type { UserResponse } from '../contract/identity';
import type { LoanView } from '../contract/loans';
import type { RedirectLoan, RedirectUser } from '../domain/redirects';

/** SPEC section 4: a liveness requirement counts for the selfie. */
const SELFIE_FILES = ['selfie_with_id_card', 'liveness_selfie'];

/** GET /v2/user in the shape the redirect rules read. */
export function toRedirectUser(user: UserResponse): RedirectUser {
  const p = user.personal_data;
  const e = user.employment;
  const place = (a: UserResponse['addresses']['actual_address']) =>
    a ? { region: a.region, city: a.city, street: a.street } : null;
  return {
    isBlocked: user.permissions.is_blocked,
    isBlacklisted: user.is_blacklisted,
    authorizationStatus: user.permissions.authorization_status,
    phoneConfirmed: user.phone_confirmation.is_phone_confirmed,
    isRepeated: user.is_repeated,
    personal: {
      firstName: p?.first_name ?? null,
      firstSurname: p?.first_surname ?? null,
      personalId: p?.personal_id ?? null,
      expirationDate: p?.expiration_date ?? null,
      nationality: p?.nationality ?? null,
      birthday: p?.birthday ?? null,
    },
    addresses: {
      actual: place(user.addresses.actual_address),
      registration: place(user.addresses.registration_address),
    },
    employment: {
      employmentTypeId: e?.employment_type_id ?? null,
      email: p?.email ?? null,
      education: e?.education ?? null,
      hasCurrentLoan: e?.has_current_loan ?? null,
      businessActivityId: e?.business_activity_id ?? null,
    },
    // Until documents are uploaded here, the selfie requirement is met unless the loan asks for one.
    photos: {
      registrationFinished: user.permissions.authorization_status !== 1,
      photosSkipped: true,
      livenessOrSelfieMet: !(user.loan?.required_files ?? []).some((file) => SELFIE_FILES.includes(file)),
    },
    hasPaymentCard: false,
    cardRequestCompleted: false,
  };
}

/** The current loan in the shape the redirect rules read; SPEC section 4: while status is 1 it is not used. */
export function toRedirectLoan(loan: LoanView | null): RedirectLoan | null {
  if (!loan) return null;
  return {
    status: loan.status,
    requestAmount: loan.request_amount,
    originalRequestAmount: loan.original_request_amount,
    // Older API answers had no flag and no counter-offers: nothing to approve then.
    newConditionsApproved: loan.new_conditions_approved ?? true,
    requiredFilesOutstanding: loan.required_files.length,
    autoDebitStepCompleted: loan.auto_debit_step_completed,
  };
}
