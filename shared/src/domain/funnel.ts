/**
 * The funnel events the customer app emits at each step. The names are the wire's `message` of a
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
  registrationPersonalData: 'personal_data',
  registrationAdditionalInformation: 'additional_information',
  registrationPhotoVerification: 'documents',
  registrationApplication: 'application',
  applicationAwaitingRequestLoan: 'decision',
  applicationAwaitingVerificationLoan: 'status_consideration',
  applicationSign: 'signing',
  applicationAutoDebitConfirmation: 'autodebit',
  // Request (0) or New (100) is the same wait for the decision ("application complete info").
  applicationAwaitingNewLoan: 'decision',
};

/**
 * The funnel events that follow a call rather than a screen: one row per call. `step` is the event of its
 * success; `refused`, of the API's refusal (an answer, not a lost connection), for the calls whose failure is an
 * event of its own (an invalid promo code sends the failure event).
 */
const FUNNEL_STEP_OF_CALL: ReadonlyArray<{
  method: string;
  path: RegExp;
  step: (request: Record<string, unknown>, response: Record<string, unknown>) => FunnelStep | null;
  refused?: FunnelStep;
}> = [
  { method: 'post', path: /^\/v2\/user\/login_confirm$/, step: () => 'phone_confirmed' },
  { method: 'post', path: /^\/v2\/user\/resend_phone_confirmation_code$/, step: () => 'sms_resend' },
  {
    method: 'post',
    path: /^\/v2\/check-promocode$/,
    step: (_request, response) => (response.valid === true ? 'promo_success' : 'promo_failure'),
    refused: 'promo_failure',
  },
  { method: 'post', path: /^\/v2\/loan\/activate_extension$/, step: () => 'prolongation_click' },
  {
    method: 'post',
    path: /^\/v2\/loan\/payment-request(\/bizum)?\/generate$/,
    step: (request) => (request.payment_type === 'prolongation' ? 'prolongation_click' : 'repayment_click'),
  },
];

const asObject = (value: unknown): Record<string, unknown> => {
  if (typeof value === 'string') {
    try {
      return asObject(JSON.parse(value));
    } catch {
      // Text that is no JSON is no object either: it falls through to the answer below.
    }
  }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
};

/**
 * The funnel step a call is, if any: a successful one by its answer, one the API refused (`refused: true`) by its
 * row's refusal step. The request body may arrive as sent (JSON text).
 */
export function funnelStepOfCall(call: {
  method: string;
  path: string;
  request?: unknown;
  response?: unknown;
  refused?: boolean;
}): FunnelStep | null {
  const row = FUNNEL_STEP_OF_CALL.find((r) => r.method === call.method.toLowerCase() && r.path.test(call.path));
  if (!row) return null;
  if (call.refused) return row.refused ?? null;
  return row.step(asObject(call.request), asObject(call.response));
}
