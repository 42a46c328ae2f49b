/**
 * SPEC section 4: the funnel events the customer app emits at each step. The names are the wire's `message` of a
 * `funnel` log (POST /v2/send-log-data); the API refuses any other name.
 */
export const FUNNEL_STEPS = [
  'registration',
  'phone_confirmed',
  'personal_data',
  'additional_information',
  'documents',
  'application',
  'decision',
  'signing',
  'autodebit',
  'money_on_the_way',
  'sms_resend',
  'promo_success',
  'promo_failure',
  'prolongation_click',
  'repayment_click',
  'status_consideration',
] as const;

export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const isFunnelStep = (name: string): name is FunnelStep => (FUNNEL_STEPS as readonly string[]).includes(name);

/**
 * The screens (route names of the shared route table) that are a step of the funnel: arriving on one emits its event.
 * The clicks, promo checks and SMS resends are emitted where they happen.
 */
export const FUNNEL_STEP_OF_ROUTE: Readonly<Record<string, FunnelStep>> = {
  auth: 'registration',
  registrationPersonalData: 'phone_confirmed',
  registrationAdditionalInformation: 'additional_information',
  registrationPhotoVerification: 'documents',
  registrationApplication: 'application',
  applicationAwaitingRequestLoan: 'decision',
  applicationAwaitingVerificationLoan: 'status_consideration',
  applicationSign: 'signing',
  applicationAutoDebitConfirmation: 'autodebit',
  applicationAwaitingNewLoan: 'money_on_the_way',
};
