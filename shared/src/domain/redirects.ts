import type { CardRequestGroup } from './cards';
import { AWAITING_PAGES, isOpenLoanStatus, LoanStatus } from './loan-status';

/** What the redirect rules need to know of the user; the shell maps GET /v2/user onto it. */
export interface RedirectUser {
  isBlocked: boolean;
  isBlacklisted: boolean;
  authorizationStatus: 1 | 2 | 3;
  phoneConfirmed: boolean;
  isRepeated: boolean;
  personal: {
    firstName: string | null;
    firstSurname: string | null;
    personalId: string | null;
    expirationDate: string | null;
    nationality: string | null;
    birthday: string | null;
  };
  addresses: {
    actual: { region: string | null; city: string | null; street: string | null } | null;
    registration: { region: string | null; city: string | null; street: string | null } | null;
  };
  employment: {
    employmentTypeId: number | null;
    email: string | null;
    education: string | null;
    hasCurrentLoan: boolean | null;
    businessActivityId: number | null;
  };
  photos: { registrationFinished: boolean; photosSkipped: boolean; livenessOrSelfieMet: boolean };
  hasPaymentCard: boolean;
  cardRequestCompleted: boolean;
  /** What the acquirer and our card rules made of the customer's latest card request. */
  lastCardRequest: CardRequestGroup | null;
}

export interface RedirectLoan {
  status: number;
  requestAmount: number;
  originalRequestAmount: number;
  newConditionsApproved: boolean;
  requiredFilesOutstanding: number;
  autoDebitStepCompleted: boolean;
}

export interface RedirectState {
  /** The route name (shared route table) the user is on. */
  route: string;
  user: RedirectUser | null;
  loan: RedirectLoan | null;
  flags?: { stepperDisabled?: boolean };
}

const filled = (...values: Array<string | number | null | undefined>) =>
  values.every((v) => v !== null && v !== undefined && String(v).trim() !== '');

const addressComplete = (address: RedirectUser['addresses']['actual']) =>
  address !== null && filled(address.region, address.city, address.street);

export function hasPersonalData(user: RedirectUser): boolean {
  const p = user.personal;
  return (
    filled(p.firstName, p.firstSurname, p.personalId, p.expirationDate, p.nationality, p.birthday) &&
    addressComplete(user.addresses.actual) &&
    addressComplete(user.addresses.registration)
  );
}

export function hasAdditionalInformation(user: RedirectUser): boolean {
  const e = user.employment;
  if (!filled(e.employmentTypeId, e.email, e.education) || e.hasCurrentLoan === null) return false;
  const needsActivity = e.employmentTypeId === 1 || e.employmentTypeId === 3;
  return !needsActivity || filled(e.businessActivityId);
}

interface Rule {
  /** Where the user is sent when the condition fails. */
  route: string;
  /** True when the user may go past this step. */
  passes: (user: RedirectUser, loan: RedirectLoan | null) => boolean;
}

const awaitingSignature = (loan: RedirectLoan | null) => loan?.status === LoanStatus.AwaitingSignContract;

/** The ordered rules after the user exists (rules 1 and 2 come first, in redirectFor). */
const RULES: Rule[] = [
  { route: 'authConfirm', passes: (u) => u.phoneConfirmed },
  {
    route: 'registrationPhotoVerification',
    passes: (u) => (!u.photos.registrationFinished && u.photos.photosSkipped) || u.photos.livenessOrSelfieMet,
  },
  { route: 'registrationPersonalData', passes: hasPersonalData },
  { route: 'registrationAdditionalInformation', passes: hasAdditionalInformation },
  { route: 'registrationApplication', passes: (_u, loan) => loan !== null },
  { route: 'applicationRequestAdditionalPhotos', passes: (_u, loan) => (loan?.requiredFilesOutstanding ?? 0) === 0 },
  ...AWAITING_PAGES.map(({ status, route }) => ({
    route,
    passes: (_u: RedirectUser, loan: RedirectLoan | null) => loan?.status !== status,
  })),
  {
    route: 'applicationApproveNewConditions',
    passes: (u, loan) =>
      !(
        u.isRepeated &&
        awaitingSignature(loan) &&
        loan !== null &&
        loan.requestAmount !== loan.originalRequestAmount &&
        !loan.newConditionsApproved
      ),
  },
  {
    // Rule 11 for a repeat customer: we know their accounts, so the IBAN step is the account selection.
    route: 'registrationSelectAccount',
    passes: (u, loan) => !(u.isRepeated && loan?.status === LoanStatus.AwaitingIssuanceMethod),
  },
  { route: 'applicationIssueMethod', passes: (_u, loan) => loan?.status !== LoanStatus.AwaitingIssuanceMethod },
  { route: 'applicationBankDataPreview', passes: (_u, loan) => loan?.status !== LoanStatus.AwaitingBankProcessData },
  {
    // Rule 13. The flow is: sign the agreement, auto-debit, money on the way, and the API takes the auto-debit
    // step only once the contract is signed: so this applies to the signed loan (ContractSigned) whose payout has
    // not been ordered, not to the one awaiting its signature (which rule 14 sends to signing first).
    route: 'applicationAutoDebitConfirmation',
    passes: (u, loan) =>
      !(
        loan?.status === LoanStatus.ContractSigned &&
        !u.cardRequestCompleted &&
        !u.hasPaymentCard &&
        !(loan?.autoDebitStepCompleted ?? false)
      ),
  },
  { route: 'applicationSign', passes: (_u, loan) => !awaitingSignature(loan) },
];

/**
 * Pages that belong to a rule's step: while the rule applies the customer may be on any of them. Rule 12's bank
 * verification goes preview -> the provider's page (bank-data) -> back through /unnax-aggregation/{status}.
 */
const STEP_PAGES: Record<string, readonly string[]> = {
  applicationBankDataPreview: ['applicationBankData', 'unnaxAggregation'],
  // Rule 8's photos: the documents page that asked for the selfie goes on with the others, without remounting
  // under a customer who is choosing the next photo.
  applicationRequestAdditionalPhotos: ['registrationPhotoVerification'],
};

/**
 * Pages that show a finished step's outcome: the customer on one stays there while it applies, instead of being
 * sent to the account the moment the step is done. A completed card request with the auto-debit
 * step done shows success (until the money is paid out).
 */
const OUTCOME_PAGES: Record<string, (user: RedirectUser, loan: RedirectLoan | null) => boolean> = {
  applicationAutoDebitConfirmation: (u, loan) =>
    u.lastCardRequest === 'completed' &&
    u.hasPaymentCard &&
    (loan?.status === LoanStatus.ContractSigned || loan?.status === LoanStatus.Processing),
};

/** Steps the user may not be sent back from (these never go backwards). */
const NO_BACKWARDS = ['registrationPersonalData', 'registrationAdditionalInformation'];
/** The dynamic step asks for exactly what these rules require, so missing it keeps the customer there. */
const DYNAMIC_STEP_COVERS = ['registrationPersonalData', 'registrationAdditionalInformation'];
const stepIndex = (route: string) => RULES.findIndex((r) => r.route === route);

const REGISTRATION_ROUTES = [
  'registrationConfirmation',
  'registrationPersonalData',
  'registrationAdditionalInformation',
  'registrationDynamic',
  'registrationSelectAccount',
];
/**
 * The confirmation step (the customer's phone, /registration/step2) comes before the profile: the rules from
 * personal data on do not move a customer off it (those with personal data leave it for the account).
 */
const BEFORE_PROFILE = ['registrationConfirmation'];
const isApplicationRoute = (route: string) => route.startsWith('application');

/**
 * The redirect rules: state in, the route name to go to or null to stay. Pure: the shell's guards
 * call it on every navigation and after every user refresh.
 */
export function redirectFor({ route, user, loan, flags }: RedirectState): string | null {
  const go = (target: string) => (target === route ? null : target);
  // Rule 1: the blocked page requires not being blocked (and is left once unblocked).
  if (user?.isBlocked) return go('blocked');
  if (route === 'blocked' && user) return 'account';
  // Rule 2: everything past auth requires a user.
  if (!user) return null;
  // A blacklisted user with no loan goes to the forbidden page; from it, to the account otherwise. A repeat
  // customer's closed loans do not count: the API refuses them a new one, so the calculator would be a dead end.
  if (user.isBlacklisted && (!loan || !isOpenLoanStatus(loan.status))) return go('forbidden');
  if (route === 'forbidden') return 'account';
  // Skipped for customers registered without an active loan, and when the stepper is switched off.
  const skipped = (user.authorizationStatus === 3 && !user.isBlocked) || flags?.stepperDisabled === true;
  if (!skipped) {
    const failing = RULES.find((rule) => !rule.passes(user, loan));
    if (failing) {
      if (route === 'registrationDynamic' && DYNAMIC_STEP_COVERS.includes(failing.route)) return null;
      if (STEP_PAGES[failing.route]?.includes(route)) return null;
      if (BEFORE_PROFILE.includes(route) && stepIndex(failing.route) >= stepIndex('registrationPersonalData')) {
        return hasPersonalData(user) ? go(failing.route) : null;
      }
      // On these two steps redirects never go backwards, and the back button from additional
      // information to personal data is the customer's choice: the rules send them on only to a step past both.
      const lastProfileStep = Math.max(...NO_BACKWARDS.map(stepIndex));
      const staysInProfile = NO_BACKWARDS.includes(route) && stepIndex(failing.route) <= lastProfileStep;
      if (!staysInProfile) return go(failing.route);
      return null;
    }
  }
  // Users with personal data leave registration pages for the account.
  if (REGISTRATION_ROUTES.includes(route) && hasPersonalData(user)) return 'account';
  if (OUTCOME_PAGES[route]?.(user, loan)) return null;
  // No redirect applies: any application page returns to the account.
  if (isApplicationRoute(route)) return 'account';
  return null;
}

/**
 * The profile step a customer still registering starts from after signing in: the personal-data form when nothing
 * of the profile is known, else (an earlier visit, an agent, left part of it) the dynamic step, which asks in one
 * form only for what is still missing.
 */
export function registrationEntry(user: RedirectUser): 'registrationPersonalData' | 'registrationDynamic' {
  const { personal, addresses, employment } = user;
  const known = [
    ...Object.values(personal),
    ...Object.values(addresses.actual ?? {}),
    ...Object.values(addresses.registration ?? {}),
    employment.employmentTypeId,
    employment.email,
    employment.education,
    employment.hasCurrentLoan,
  ].some((value) => value !== null && value !== undefined && String(value).trim() !== '');
  return known ? 'registrationDynamic' : 'registrationPersonalData';
}
