import type { UserResponse } from '../contract/identity';
import type { LoanView } from '../contract/loans';
import { autoDebitCardOnFile, cardRequestGroup } from '../domain/cards';
import { loanFilesOutstanding, requiredFilesOutstanding, SKIP_PREFIX } from '../domain/documents';
import type { RedirectLoan, RedirectUser } from '../domain/redirects';

/** A liveness requirement counts for the selfie. */
const SELFIE_FILES = ['selfie_with_id_card', 'liveness_selfie'];

/**
 * Redirect rule 4's inputs from the user's documents and liveness: the selfie requirement
 * is met unless the loan asks for a selfie (or liveness) that is still outstanding (a passed liveness check counts
 * for it); photos are skipped when the customer put one off (skip_<type>).
 */
function photoState(user: UserResponse) {
  const documents = (user.documents ?? []).map((d) => d.type);
  const loan = user.loan;
  const outstanding =
    loan && requiredFilesOutstanding(loan, user.liveness?.status) > 0
      ? loanFilesOutstanding(loan.required_files, user.liveness?.status)
      : [];
  return {
    registrationFinished: user.permissions.authorization_status !== 1,
    photosSkipped: documents.some((type) => type.startsWith(SKIP_PREFIX)),
    livenessOrSelfieMet: !outstanding.some((type) => SELFIE_FILES.includes(type)),
  };
}

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
    photos: photoState(user),
    // Rule 13: a saved card that can carry auto-debit (valid more than 3 months, as the API requires), or a card
    // request the acquirer completed for such a card, skips the auto-debit step.
    hasPaymentCard: autoDebitCardOnFile(user),
    cardRequestCompleted: autoDebitCardOnFile(user),
    lastCardRequest: cardRequestGroup(user.payment_card_request_status),
  };
}

/**
 * The current loan in the shape the redirect rules read; while status is 1 it is not used. Rule 8
 * counts the files the loan still asks for (a passed liveness check, on the user, counts for the selfie).
 */
export function toRedirectLoan(
  loan: LoanView | null,
  user?: Pick<UserResponse, 'liveness'> | null,
): RedirectLoan | null {
  if (!loan) return null;
  return {
    status: loan.status,
    requestAmount: loan.request_amount,
    originalRequestAmount: loan.original_request_amount,
    // Older API answers had no flag and no counter-offers: nothing to approve then.
    newConditionsApproved: loan.new_conditions_approved ?? true,
    requiredFilesOutstanding: requiredFilesOutstanding(loan, user?.liveness?.status),
    autoDebitStepCompleted: loan.auto_debit_step_completed,
  };
}
