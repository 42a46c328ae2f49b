import { PATHS } from './app-paths';
import { progressStepFor, PATHS as ROUTE_TABLE_PATHS, ROUTES } from './paths';

/** The product's known paths, as customers' links and bookmarks carry them. */
const KNOWN_PATHS = [
  '/',
  '/auth',
  '/auth/confirm',
  '/auth/session',
  '/auth/fallback',
  '/auth/forbidden',
  '/account/auth',
  '/login',
  '/login/confirmation',
  '/registration',
  '/registration/additional-information',
  '/registration/step2',
  '/registration/step3',
  '/registration/personal-data',
  '/registration/completing',
  '/registration/step4',
  '/registration/photo-verification',
  '/registration/photo-verification-repeat',
  '/registration/application-change',
  '/registration/select-account',
  '/application',
  '/application/request-additional-photos',
  '/application/bank-data-preview',
  '/application/bank-data',
  '/application/approve-new-conditions',
  '/application/issue-method',
  '/application/application-sign',
  '/application/auto-debit-confirmation',
  '/application/awaiting-bank-data-importing',
  '/application/awaiting-new-loan',
  '/application/awaiting-request-loan',
  '/application/awaiting-verification-loan',
  '/blocked',
  '/account',
  '/account/payment/failed',
  '/account/history',
  '/account/personal_info',
  '/account/payment-methods',
  '/unnax-aggregation/:status',
];

describe('the route table', () => {
  test('routes every known path', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const path of KNOWN_PATHS) expect(paths).toContain(path);
  });

  test("every path the app sends a customer to by name is a screen of the route table, and a widget's paths are among them unchanged", () => {
    const screens = ROUTES.filter((r) => r.kind === 'screen').map((r) => r.path);
    for (const path of Object.values(ROUTE_TABLE_PATHS)) expect(screens).toContain(path);
    expect(ROUTE_TABLE_PATHS).toMatchObject(PATHS);
  });

  test('names are unique', () => {
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  test('legacy registration paths redirect to personal data, the login paths to auth keeping state', () => {
    const byPath = Object.fromEntries(ROUTES.map((r) => [r.path, r]));
    expect(byPath['/registration/step3']).toMatchObject({ kind: 'redirect', to: '/registration/personal-data' });
    expect(byPath['/registration/step4']).toMatchObject({ kind: 'redirect', to: '/registration/personal-data' });
    expect(byPath['/login']).toMatchObject({ kind: 'redirect', to: '/auth' });
    expect(byPath['/login/confirmation']).toMatchObject({ kind: 'redirect', to: '/auth/confirm', keepState: true });
    expect(byPath['/registration/application-created']).toMatchObject({
      kind: 'redirect',
      to: '/registration/application-change',
    });
  });

  test('application and account screens are protected', () => {
    for (const route of ROUTES) {
      if (route.kind === 'screen' && /^\/(application|account)\//.test(route.path) && route.path !== '/account/auth') {
        expect(route.protected).toBe(true);
      }
    }
  });
});

describe('the progress steps of the registration layout', () => {
  test('registration, confirmation and loan, in that order, current on their own pages', () => {
    expect(progressStepFor('registrationPersonalData')).toBe(0);
    expect(progressStepFor('registrationDynamic')).toBe(0);
    expect(progressStepFor('registrationConfirmation')).toBe(1);
    expect(progressStepFor('registrationApplication')).toBe(2);
  });

  test('hidden on the blocked, photo, waiting, conditions, issue-method, auto-debit and bank pages', () => {
    for (const route of [
      'blocked',
      'registrationPhotoVerification',
      'applicationAwaitingRequestLoan',
      'applicationApproveNewConditions',
      'applicationIssueMethod',
      'applicationAutoDebitConfirmation',
      'applicationBankDataPreview',
      'applicationBankData',
    ]) {
      expect(progressStepFor(route)).toBeNull();
    }
  });
});
