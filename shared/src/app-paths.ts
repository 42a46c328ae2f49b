/**
 * The customer app's paths other code links to by name, in a module of their own: a widget that only links into
 * the app (the calculator's "Solicitar") imports these without the whole route table of ./paths.
 */
export const PATHS = {
  auth: '/auth',
  authConfirm: '/auth/confirm',
  account: '/account',
  accountPaymentMethods: '/account/payment-methods',
  accountForbearance: '/account/forbearance',
  repaymentHelp: '/ayuda/como-devolver',
  registrationPersonalData: '/registration/personal-data',
  registrationApplication: '/registration/application-change',
  forbidden: '/auth/forbidden',
  blocked: '/blocked',
} as const;
