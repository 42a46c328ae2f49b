import { PATHS as LINKED_PATHS } from './app-paths';
import type { RemoteName } from './contract/app-config';

/** The layouts: login, registration, account, and the centred one (payment failed, forbidden). */
export type LayoutName = 'login' | 'registration' | 'account' | 'centred';

/**
 * A module a remote exposes to the shell: `./App`, every screen of the remote, or a smaller one for a page that
 * shows a single screen of a remote beside others (the account's loan progress: the account page
 * need not load the whole registration app).
 */
export type RemoteExpose = './App' | './LoanProgress';

/** One remote's place on a page: its remote, the screen it shows, and the module that draws it (`./App`). */
export interface RemoteSlotSpec {
  remote: RemoteName;
  screen: string;
  expose?: RemoteExpose;
}

/** The module a slot loads. */
export const exposeOf = (slot: { expose?: RemoteExpose }): RemoteExpose => slot.expose ?? './App';

export interface ScreenRoute {
  kind: 'screen';
  name: string;
  path: string;
  layout: LayoutName;
  /** Remote that owns the screen, and the slots it renders in order (the account shows the calculator too). */
  slots: RemoteSlotSpec[];
  /** Protected routes redirect to auth when not signed in. */
  protected: boolean;
}

export interface RedirectRoute {
  kind: 'redirect';
  name: string;
  path: string;
  to: string;
  /** Legacy routes keep navigation state (e.g. the phone carried to code confirmation). */
  keepState?: boolean;
}

export type AppRoute = ScreenRoute | RedirectRoute;

const screen = (
  name: string,
  path: string,
  layout: LayoutName,
  remote: RemoteName,
  options: { protected?: boolean; screen?: string } = {},
): ScreenRoute => ({
  kind: 'screen',
  name,
  path,
  layout,
  slots: [{ remote, screen: options.screen ?? name }],
  protected: options.protected ?? false,
});

const redirect = (name: string, path: string, to: string, keepState = false): RedirectRoute => ({
  kind: 'redirect',
  name,
  path,
  to,
  keepState,
});

/**
 * Every path the app's code sends a customer to, by name: those a widget links to (app-paths, kept small for the
 * calculator's first load) and the app's own steps.
 */
export const PATHS = {
  ...LINKED_PATHS,
  authFallback: '/auth/fallback',
  registrationConfirmation: '/registration/step2',
  registrationAdditionalInformation: '/registration/additional-information',
} as const;

/**
 * Where a WordPress widget hands its customer to the app (`?code=` one-time, `&to=` the next path). Not in
 * PATHS: the calculator's first load takes PATHS and has no use for it.
 */
export const AUTH_HANDOFF_PATH = '/auth/handoff';

/** Every known path, with the remote that owns it. Order matters only for readability. */
export const ROUTES: AppRoute[] = [
  redirect('home', '/', PATHS.auth),
  // Auth (login layout)
  screen('auth', '/auth', 'login', 'registration'),
  screen('authConfirm', '/auth/confirm', 'login', 'registration'),
  screen('authSession', '/auth/session', 'login', 'registration'),
  screen('authHandoff', AUTH_HANDOFF_PATH, 'login', 'registration'),
  screen('authFallback', '/auth/fallback', 'login', 'registration'),
  screen('forbidden', '/auth/forbidden', 'centred', 'registration'),
  screen('accountAuth', '/account/auth', 'login', 'registration'),
  screen('redirect', '/auth/redirect', 'login', 'registration'),
  redirect('login', '/login', PATHS.auth),
  redirect('loginConfirmation', '/login/confirmation', PATHS.authConfirm, true),
  // Registration (registration layout)
  redirect('registration', '/registration', PATHS.auth),
  // Signed-in customers only, and the redirect rules apply (a blocked customer may not change the phone).
  screen('registrationConfirmation', '/registration/step2', 'registration', 'registration', { protected: true }),
  screen('registrationPersonalData', '/registration/personal-data', 'registration', 'registration', {
    protected: true,
  }),
  screen('registrationAdditionalInformation', '/registration/additional-information', 'registration', 'registration', {
    protected: true,
  }),
  screen('registrationDynamic', '/registration/completing', 'registration', 'registration', { protected: true }),
  screen('registrationPhotoVerification', '/registration/photo-verification', 'registration', 'registration', {
    protected: true,
  }),
  screen(
    'registrationPhotoVerificationRepeat',
    '/registration/photo-verification-repeat',
    'registration',
    'registration',
    { protected: true },
  ),
  {
    kind: 'screen',
    name: 'registrationApplication',
    path: '/registration/application-change',
    layout: 'registration',
    // Without a choice from an earlier calculator, the application step shows one.
    slots: [
      { remote: 'registration', screen: 'registrationApplication' },
      { remote: 'calculator', screen: 'applicationCalculator' },
    ],
    protected: true,
  },
  screen('registrationSelectAccount', '/registration/select-account', 'registration', 'registration', {
    protected: true,
  }),
  redirect('registrationPersonalInformation', '/registration/step3', PATHS.registrationPersonalData),
  redirect('registrationAddresses', '/registration/step4', PATHS.registrationPersonalData),
  redirect('registrationApplicationCreated', '/registration/application-created', PATHS.registrationApplication),
  redirect('registrationOther', '/registration/*', '/registration'),
  // Application (registration layout, protected)
  redirect('application', '/application', PATHS.auth),
  ...(
    [
      ['applicationRequestAdditionalPhotos', 'request-additional-photos'],
      ['applicationBankDataPreview', 'bank-data-preview'],
      ['applicationBankData', 'bank-data'],
      ['applicationApproveNewConditions', 'approve-new-conditions'],
      ['applicationIssueMethod', 'issue-method'],
      ['applicationSign', 'application-sign'],
      ['applicationAutoDebitConfirmation', 'auto-debit-confirmation'],
      ['applicationAwaitingBankDataImporting', 'awaiting-bank-data-importing'],
      ['applicationAwaitingNewLoan', 'awaiting-new-loan'],
      ['applicationAwaitingRequestLoan', 'awaiting-request-loan'],
      ['applicationAwaitingVerificationLoan', 'awaiting-verification-loan'],
    ] as const
  ).map(([name, slug]) => screen(name, `/application/${slug}`, 'registration', 'registration', { protected: true })),
  screen('unnaxAggregation', '/unnax-aggregation/:status', 'registration', 'registration', { protected: true }),
  // Blocked and account
  // Public: a blocked customer is refused a session at sign-in (the code screen sends them here); a signed-in one
  // who is blocked later lands here by rule 1.
  screen('blocked', '/blocked', 'centred', 'registration'),
  {
    kind: 'screen',
    name: 'account',
    path: '/account',
    layout: 'account',
    // The account's loan views; the registration remote's money on the way (it orders the payout); the calculator.
    slots: [
      { remote: 'account', screen: 'account' },
      { remote: 'registration', screen: 'accountLoanProgress', expose: './LoanProgress' },
      { remote: 'calculator', screen: 'calculator' },
    ],
    protected: true,
  },
  screen('accountHistory', '/account/history', 'account', 'account', { protected: true }),
  screen('accountPersonalInfo', '/account/personal_info', 'account', 'account', { protected: true }),
  screen('accountForbearance', PATHS.accountForbearance, 'account', 'account', { protected: true }),
  screen('accountPaymentMethods', PATHS.accountPaymentMethods, 'account', 'payments', { protected: true }),
  screen('accountPaymentFailed', '/account/payment/failed', 'account', 'payments', { protected: true }),
  screen('repaymentHelp', PATHS.repaymentHelp, 'centred', 'payments'),
];

/** The short-link path: the browser is sent to the API base address with the same path. */
export const SHORT_LINK_PATH = '/s/:hash';

/**
 * The content editor's preview (WordPress admin, Settings > Credimo: contenido): the app's header and footer with
 * the unsaved content the editor's page sends. The one page the content site may frame.
 */
export const CONTENT_PREVIEW_PATH = '/content-preview';

/** The wildcard fallback redirects to login. */
export const FALLBACK_PATH = '/login';

export function findRoute(name: string): AppRoute | undefined {
  return ROUTES.find((r) => r.name === name);
}

/** The registration layout's progress steps, in order, and the routes each one covers. */
export const PROGRESS_STEPS: ReadonlyArray<{
  key: 'registration' | 'confirmation' | 'loanTitle';
  label: string;
  routes: string[];
}> = [
  {
    key: 'registration',
    label: 'Registro',
    routes: ['registrationPersonalData', 'registrationAdditionalInformation', 'registrationDynamic'],
  },
  { key: 'confirmation', label: 'Confirmación', routes: ['registrationConfirmation', 'registrationSelectAccount'] },
  { key: 'loanTitle', label: 'Tu préstamo', routes: ['registrationApplication', 'applicationSign'] },
];

/**
 * The step a route shows as current, or null where the bar is hidden (blocked user, photos, application
 * created, waiting, approve conditions, issue method, auto-debit, bank preview and bank verification).
 */
export function progressStepFor(routeName: string): number | null {
  const index = PROGRESS_STEPS.findIndex((step) => step.routes.includes(routeName));
  return index === -1 ? null : index;
}
