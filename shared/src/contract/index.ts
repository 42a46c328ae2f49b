import * as around from './around';
import * as cards from './cards';
import * as dataRights from './data-rights';
import * as documents from './documents';
import { HealthResponse, ReadinessResponse } from './health';
import * as identity from './identity';
import * as loans from './loans';
import * as notifications from './notifications';
import * as operator from './operator';
import * as origination from './origination';
import * as pricing from './pricing';
import * as registration from './registration';
import * as servicing from './servicing';

export * from './app-config';
export * from './around';
export * from './cards';
export * from './compact-prices';
export * from './data-rights';
export * from './documents';
export * from './errors';
export * from './health';
export * from './identity';
export * from './loans';
export * from './notifications';
export * from './operator';
export * from './origination';
export * from './params';
export * from './pricing';
export * from './registration';
export * from './servicing';
export * from './support-sessions';

/**
 * The /v2 contract, one entry per call: the API registers routes from it and publishes OpenAPI from it;
 * the client's types come from it. Later issues add their calls here.
 *
 * `access` says who may call: a session token (the default, so a forgotten mark documents a 401 rather than an open
 * door), `optional` (a token changes the answer) or `public`. `errors` lists the 4xx a handler throws beyond those
 * the API derives itself (401 for a session, 400/413/415/422 for input): api/src/routes/route.ts documents both.
 */
export const endpoints = {
  health: {
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Liveness and database check',
    response: HealthResponse,
  },
  readiness: {
    method: 'GET',
    path: '/ready',
    access: 'public',
    summary: 'Readiness for traffic: the database and the job queue (503 while either is down)',
    errors: [503],
    response: ReadinessResponse,
  },
  login: {
    method: 'POST',
    path: '/v2/user/login',
    access: 'public',
    errors: [429],
    summary: 'Send a sign-in code by SMS',
    body: identity.LoginRequest,
    response: identity.CodeSent,
  },
  phoneNumber: {
    method: 'POST',
    path: '/v2/user/phone_number',
    access: 'public',
    errors: [429],
    summary: 'Start registration with a phone (sends a code)',
    body: identity.LoginRequest,
    response: identity.CodeSent,
  },
  loginConfirm: {
    method: 'POST',
    path: '/v2/user/login_confirm',
    access: 'public',
    errors: [403],
    summary: 'Exchange the SMS code for a session token',
    body: identity.LoginConfirmRequest,
    response: identity.TokenResponse,
  },
  resendCode: {
    method: 'POST',
    path: '/v2/user/resend_phone_confirmation_code',
    access: 'optional',
    errors: [403, 429],
    summary: 'Send the pending code again',
    body: identity.ResendRequest,
    response: identity.CodeSent,
  },
  logout: { method: 'POST', path: '/v2/user/logout', summary: 'Revoke the current session', response: identity.Empty },
  changePhone: {
    method: 'PUT',
    path: '/v2/user/change_phone',
    errors: [403, 429],
    summary: 'Send a code to a new phone',
    body: identity.ChangePhoneRequest,
    response: identity.CodeSent,
  },
  phoneConfirmation: {
    method: 'PUT',
    path: '/v2/user/phone_confirmation',
    errors: [403],
    summary: 'Confirm the new phone with its code',
    body: identity.PhoneConfirmationRequest,
    response: identity.Empty,
  },
  user: { method: 'GET', path: '/v2/user', summary: 'The signed-in user', response: identity.UserResponse },
  notificationsInbox: {
    method: 'GET',
    path: '/v2/notifications/inbox',
    summary: "The caller's unread notifications, newest first (polled every 5 s)",
    response: notifications.InboxResponse,
  },
  notificationsRead: {
    method: 'POST',
    path: '/v2/notifications/read',
    summary: "Mark the caller's notifications read (dismissed); others' ids are ignored",
    body: notifications.MarkReadRequest,
    response: notifications.MarkReadResponse,
  },
  dataExport: {
    method: 'GET',
    path: '/v2/user/data_export',
    summary: "The caller's latest export of their data: preparing, ready (with its files) or expired",
    response: dataRights.DataExportView,
  },
  requestDataExport: {
    method: 'POST',
    path: '/v2/user/data_export',
    summary: 'Ask for an export of everything held about the caller (JSON and PDF, built by a job, offered 7 days)',
    response: dataRights.DataExportView,
  },
  dataExportFile: {
    method: 'GET',
    path: '/v2/user/data_export/:format',
    errors: [404, 410],
    summary: "One file of the caller's ready export (application/json or application/pdf)",
    params: dataRights.DataExportFileParams,
    response: dataRights.DataExportView,
  },
  consentHistory: {
    method: 'GET',
    path: '/v2/user/consents',
    summary: "The caller's consents as given or refused, newest first, with their text version",
    response: dataRights.ConsentHistory,
  },
  withdrawMarketing: {
    method: 'POST',
    path: '/v2/user/consents/marketing/withdraw',
    summary: 'Withdraw consent to marketing (recorded in the history)',
    response: dataRights.ConsentHistory,
  },
  erasure: {
    method: 'POST',
    path: '/v2/user/erasure',
    errors: [409],
    summary:
      'Erase the personal data no law requires keeping; credit and AML records stay locked until retention ends (409 while a loan is open)',
    body: dataRights.ErasureRequest,
    response: dataRights.ErasureDone,
  },
  agentData: {
    method: 'GET',
    path: '/v2/user/agent_data',
    summary: 'Agent data of an agent-assisted session',
    response: identity.AgentDataResponse,
  },
  linkCode: {
    method: 'POST',
    path: '/v2/user/link_code',
    summary:
      'A one-time code (60 s) for a page the browser opens itself (card payment, Bizum, card form): ' +
      'session tokens never travel in an address',
    body: identity.LinkCodeRequest,
    response: identity.HandoffCode,
  },
  siteHandoff: {
    method: 'POST',
    path: '/v2/user/handoff',
    errors: [403],
    summary:
      'A one-time code (60 s) that opens this customer session in the app on another origin (WordPress widgets), ' +
      'bound to this browser by an HttpOnly cookie',
    response: identity.HandoffCode,
  },
  siteHandoffExchange: {
    method: 'POST',
    path: '/v2/user/handoff/exchange',
    access: 'public',
    errors: [403, 409, 410],
    summary:
      "Exchange a widget's one-time code for a session of the app's own, in the browser that asked for it " +
      '(its hand-off cookie); 409 while the caller holds a session of another customer, unless `replace`',
    body: identity.HandoffExchange,
    response: identity.TokenResponse,
  },
  agentCustomer: {
    method: 'GET',
    path: '/api/agent/customer/:sessionId',
    access: 'public',
    errors: [410],
    summary: 'Exchange a one-time agent link for a session',
    params: identity.AgentSessionParams,
    response: identity.AgentSessionResponse,
  },
  adminLoginAs: {
    method: 'POST',
    path: '/v2/admin/login_as',
    access: 'public',
    errors: [410],
    summary: 'Exchange a one-time admin link for an impersonation session',
    body: identity.AdminLoginRequest,
    response: identity.TokenResponse,
  },
  products: {
    method: 'GET',
    path: '/v2/products',
    summary: 'Loan products',
    response: pricing.ProductsResponse,
    access: 'public',
  },
  prices: {
    method: 'GET',
    path: '/v2/products/:id/prices',
    access: 'optional',
    errors: [404],
    summary: 'Price options by term then amount (cents), compact: expand with expandPrices',
    params: pricing.ProductParams,
    query: pricing.PricesQuery,
    response: pricing.CompactPrices,
  },
  settings: {
    method: 'GET',
    path: '/api/products/:id/settings',
    access: 'public',
    errors: [404],
    summary: 'Calculator defaults',
    params: pricing.ProductParams,
    response: pricing.SettingsResponse,
  },
  checkPromocode: {
    method: 'POST',
    path: '/v2/check-promocode',
    access: 'optional',
    summary: 'Check a promo code before prices',
    body: pricing.CheckPromocodeRequest,
    response: pricing.CheckPromocodeResponse,
  },
  discounts: {
    method: 'GET',
    path: '/v2/discounts',
    access: 'public',
    summary: 'Discounts on offer (e.g. autodebit_card_added)',
    query: pricing.DiscountsQuery,
    response: pricing.DiscountsResponse,
  },
  personalData: {
    method: 'PUT',
    path: '/v2/user/personal_data',
    summary: 'Save personal data',
    body: registration.PersonalDataRequest,
    response: identity.Empty,
  },
  personalDataAndAddress: {
    method: 'PUT',
    path: '/v2/user/personal_data_and_address',
    summary: 'Save personal data and addresses',
    body: registration.PersonalDataAndAddressRequest,
    response: identity.Empty,
  },
  address: {
    method: 'PUT',
    path: '/v2/user/address',
    summary: 'Save the addresses',
    body: registration.AddressRequest,
    response: identity.Empty,
  },
  employment: {
    method: 'PUT',
    path: '/v2/user/employment',
    summary: 'Save employment, income and contact person',
    body: registration.EmploymentRequest,
    response: identity.Empty,
  },
  additionalData: {
    method: 'PUT',
    path: '/v2/user/additional_data',
    summary: 'Save employment fields and e-mail',
    body: registration.AdditionalDataRequest,
    response: identity.Empty,
  },
  confirmations: {
    method: 'PUT',
    path: '/v2/user/confirmations',
    summary: 'Record the consents',
    body: registration.ConfirmationsRequest,
    response: identity.Empty,
  },
  nationalities: {
    method: 'GET',
    path: '/v2/user/nationality',
    access: 'public',
    summary: 'Nationality options',
    response: registration.OptionsResponse,
  },
  employmentTypes: {
    method: 'GET',
    path: '/v2/user/employment_type',
    access: 'public',
    summary: 'Employment types',
    response: registration.OptionsResponse,
  },
  educations: {
    method: 'GET',
    path: '/v2/user/education',
    access: 'public',
    summary: 'Education levels',
    response: registration.OptionsResponse,
  },
  businessActivities: {
    method: 'GET',
    path: '/v2/user/business_activity',
    access: 'public',
    summary: 'Business activities',
    response: registration.OptionsResponse,
  },
  prefill: {
    method: 'GET',
    path: '/v2/ocr_user',
    summary: 'Known personal data to prefill the forms',
    response: registration.PrefillResponse,
  },
  regions: {
    method: 'GET',
    path: '/v2/regions',
    access: 'public',
    summary: 'Provinces, 30 a page',
    query: registration.PlaceQuery,
    response: registration.PlacePage,
  },
  cities: {
    method: 'GET',
    path: '/v2/cities',
    access: 'public',
    summary: 'Municipalities of a province, 30 a page',
    query: registration.PlaceQuery,
    response: registration.PlacePage,
  },
  streets: {
    method: 'GET',
    path: '/v2/streets',
    access: 'public',
    summary: 'Streets of a municipality, 30 a page',
    query: registration.PlaceQuery,
    response: registration.PlacePage,
  },
  createLoan: {
    method: 'POST',
    path: '/v2/loan',
    errors: [403, 409],
    summary: 'Apply for a loan (idempotent by attempt_reference)',
    body: loans.CreateLoanPayload,
    response: loans.LoanView,
  },
  loan: {
    method: 'GET',
    path: '/v2/loan',
    summary: 'The current application or loan, or null',
    response: loans.CurrentLoanResponse,
  },
  loans: {
    method: 'GET',
    path: '/v2/loans',
    summary: 'All applications and loans, newest first',
    response: loans.LoansResponse,
  },
  operatorCommand: {
    method: 'POST',
    path: '/operator/commands',
    summary: 'Run an operator command (npm run ops); needs the operator secret header',
    // Authorised by the operator secret header, not by a customer's session.
    access: 'public',
    errors: [401],
    body: operator.OperatorCommandRequest,
    response: operator.OperatorCommandResponse,
  },
  issueMethod: {
    method: 'PUT',
    path: '/v2/user/issue_method',
    summary: 'Choose how to receive the money: 1 bank account (IBAN) or 9 bank-data aggregation',
    body: origination.IssueMethodRequest,
    response: origination.Ok,
  },
  availableBankAccounts: {
    method: 'GET',
    path: '/v2/user/available_bank_accounts',
    summary: 'The IBANs the customer can receive the money on',
    response: origination.BankAccountsResponse,
  },
  loanDecision: {
    method: 'GET',
    path: '/v2/loan/decision',
    summary: 'The reasons of the decision on the current loan (GDPR Art. 22)',
    response: origination.DecisionResponse,
  },
  loanDecisionReview: {
    method: 'POST',
    path: '/v2/loan/decision/review',
    summary: 'Ask for a person to review an automated decision (GDPR Art. 22)',
    body: origination.ReviewRequest,
    response: origination.Ok,
  },
  approveNewConditions: {
    method: 'POST',
    path: '/v2/loan/approve_new_conditions',
    summary: 'Accept the counter-offer (changed amount) before signing',
    response: origination.Ok,
  },
  signSend: {
    method: 'POST',
    path: '/v2/loan/sign_send',
    summary: 'Send the signing code by SMS, bound to the loan, its amount and IBAN',
    response: origination.SignCodeSent,
  },
  sign: {
    method: 'POST',
    path: '/v2/loan/sign',
    summary: 'Sign the agreement with the SMS code',
    body: origination.SignRequest,
    response: loans.LoanView,
  },
  autodebitComplete: {
    method: 'POST',
    path: '/v2/loan/steps/autodebit/complete',
    summary: 'Finish the auto-debit step (false skips it)',
    body: origination.AutodebitRequest,
    response: loans.LoanView,
  },
  loanIssuance: {
    method: 'POST',
    path: '/v2/loan/issuance',
    summary: 'Order the payout of a signed loan (idempotent)',
    response: origination.IssuanceResponse,
  },
  userIssuance: {
    method: 'PUT',
    path: '/v2/user/issuance',
    summary: 'Order the payout of a signed loan (idempotent)',
    response: origination.IssuanceResponse,
  },
  agreementFile: {
    method: 'GET',
    path: '/v2/loan/agreements/:id',
    summary: 'The signed agreement PDF behind an expiring link (owner only)',
    params: origination.AgreementFileParams,
    query: origination.AgreementFileQuery,
    response: origination.Ok,
  },
  partialRepay: {
    method: 'GET',
    path: '/v2/loan/partial_repay',
    summary: "The partial repayment's range: 0.1 EUR to today's total, step 0.1 EUR",
    response: servicing.PartialRepayResponse,
  },
  prolong: {
    method: 'GET',
    path: '/v2/loan/prolong',
    summary: 'Extension terms on offer with their prices',
    response: servicing.ProlongResponse,
  },
  prolongDetails: {
    method: 'GET',
    path: '/v2/loan/prolong_details',
    summary: "One extension term's price, with a promo code where it may be used",
    query: servicing.ProlongDetailsQuery,
    response: servicing.ExtensionSchema,
  },
  activateExtension: {
    method: 'POST',
    path: '/v2/loan/activate_extension',
    summary: 'Ask for an extension: a card payment request for its cost (applied when paid)',
    body: servicing.ActivateExtensionRequest,
    response: servicing.ActivateExtensionResponse,
  },
  paymentRequest: {
    method: 'POST',
    path: '/v2/loan/payment-request/generate',
    summary: 'A card payment request (payoff, partial_repay, prolongation); one pending per loan',
    body: servicing.PaymentRequestBody,
    response: servicing.PaymentRequestResponse,
  },
  bizumPaymentRequest: {
    method: 'POST',
    path: '/v2/loan/payment-request/bizum/generate',
    summary: 'A Bizum payment request (payoff, partial_repay, prolongation); one pending per loan',
    body: servicing.PaymentRequestBody,
    response: servicing.PaymentRequestResponse,
  },
  savedCardPayment: {
    method: 'POST',
    path: '/v2/loan/payment/saved_card',
    summary:
      'Pay (payoff, partial_repay, prolongation) with a saved card at once: charged and applied, or declined; ' +
      'idempotent by idempotency_key',
    errors: [409],
    body: servicing.SavedCardPaymentBody,
    response: servicing.PaymentRequestResponse,
  },
  withdrawal: {
    method: 'POST',
    path: '/v2/loan/withdrawal',
    summary: '14-day withdrawal: principal plus interest to the day becomes due; acknowledgement stored',
    body: servicing.WithdrawalRequest,
    response: servicing.WithdrawalSchema,
  },
  cardPayment: {
    method: 'GET',
    path: '/v2/loan/payment/card',
    summary:
      "The card payment URL: makes (or finds) the card payment request and redirects to the acquirer's checkout " +
      '(a one-time code from POST /v2/user/link_code in the query)',
    access: 'public',
    errors: [404, 409, 410],
    query: servicing.PaymentLinkQuery,
    response: servicing.PaymentRequestResponse,
  },
  bizumPayment: {
    method: 'GET',
    path: '/v2/loan/payment/bizum',
    summary: "Bizum: makes (or finds) the Bizum payment request; answers the form's action and fields to post",
    access: 'public',
    errors: [401, 404, 409],
    query: servicing.PaymentLinkQuery,
    response: servicing.BizumPaymentForm,
  },
  uploadDocument: {
    method: 'POST',
    path: '/v2/user/document',
    summary:
      'Upload a document photo (multipart/form-data: `document` the image file, `type` a document type); ' +
      'images only, re-encoded to JPEG without metadata',
    errors: [400, 413, 415, 422],
    response: documents.DocumentSaved,
  },
  document: {
    method: 'GET',
    path: '/v2/user/document/:type',
    summary: 'A stored document of the caller, as base64 JPEG',
    errors: [404],
    params: documents.DocumentParams,
    response: documents.DocumentContent,
  },
  skipDocument: {
    method: 'PUT',
    path: '/v2/user/document/:type',
    summary: 'Skip a document for now (listed as skip_<type>)',
    params: documents.DocumentParams,
    response: documents.DocumentSaved,
  },
  deleteDocument: {
    method: 'DELETE',
    path: '/v2/user/document/:type',
    summary: 'Delete a document (or its skip mark) of the caller',
    errors: [404],
    params: documents.DocumentParams,
    response: documents.DocumentsList,
  },
  userDocuments: {
    method: 'GET',
    path: '/v2/user/documents',
    summary: 'The documents of the caller and the ones still asked (SPEC section 4)',
    response: documents.DocumentsOverview,
  },
  livenessCapture: {
    method: 'GET',
    path: '/v2/user/liveness/capture',
    summary: "The liveness provider's capture page for the caller, returning to return_url",
    errors: [409],
    query: documents.LivenessCaptureQuery,
    response: documents.LivenessCapture,
  },
  liveness: {
    method: 'PUT',
    path: '/v2/user/liveness',
    summary: 'Hand over a liveness transaction; answers its verdict',
    errors: [404],
    body: documents.LivenessRequest,
    response: documents.LivenessResult,
  },
  bankToken: {
    method: 'POST',
    path: '/v2/loan/bank_token',
    summary: "The aggregation provider's bank session (unnax token1/token2 or kontomatik sessionId); starts the import",
    body: origination.BankTokenRequest,
    response: origination.Ok,
  },
  unnaxWidgetStatus: {
    method: 'POST',
    path: '/v2/aggregation/unnax/widget/:status',
    summary: "How the aggregation widget ended (success, error, cancel); an error is the identity widget's",
    params: origination.WidgetStatusParams,
    body: origination.WidgetStatusRequest,
    response: origination.WidgetOutcome,
  },
  aggregationFallback: {
    method: 'POST',
    path: '/v2/aggregation/fallback',
    summary: "The aggregation provider's return (status and code) when its widget could not report itself",
    body: origination.AggregationFallbackRequest,
    response: origination.WidgetOutcome,
  },
  addPaymentCard: {
    method: 'POST',
    path: '/v2/user/payment_card',
    summary: 'Add a payment card: starts a card request at the acquirer and names its tokenization page',
    body: cards.AddPaymentCardRequest,
    response: cards.CardRequestStarted,
  },
  tokenizeCard: {
    method: 'GET',
    path: '/card/tokenize',
    summary:
      "The acquirer's tokenization page for the code's customer (a redirect; a one-time code from POST " +
      '/v2/user/link_code in the query)',
    access: 'public',
    errors: [410],
    query: cards.TokenizeQuery,
    response: cards.CardRequestStarted,
  },
  paymentCards: {
    method: 'GET',
    path: '/v2/user/payment_cards',
    summary: "The caller's saved cards (completed card requests), masked",
    response: cards.PaymentCards,
  },
  setDefaultPaymentCard: {
    method: 'PUT',
    path: '/v2/user/payment_card/:id',
    summary: 'Make a saved card the default one for auto-debit',
    errors: [404],
    params: cards.PaymentCardParams,
    response: cards.PaymentCards,
  },
  validatePaymentCard: {
    method: 'GET',
    path: '/v2/user/payment_card/:id/validate',
    summary: 'Whether a saved card can still be used for auto-debit (valid more than 3 months)',
    errors: [404],
    params: cards.PaymentCardParams,
    response: cards.CardValidation,
  },
  shortLink: {
    method: 'GET',
    path: '/s/:hash',
    access: 'public',
    errors: [404],
    summary: 'A short link: a 302 redirect to its allow-listed target (SPEC section 2)',
    params: around.ShortLinkParams,
    response: around.ShortLinkRedirect,
  },
  sendLogData: {
    method: 'POST',
    path: '/v2/send-log-data',
    access: 'optional',
    summary: 'A log line or funnel event from the customer app (type, message, context), to the configured sink',
    body: around.SendLogDataRequest,
    response: around.LogDataAccepted,
  },
  userFeatures: {
    method: 'GET',
    path: '/v2/user/features',
    summary: "The signed-in customer's feature flags: Bizum, auto-debit skip button, payment processing view, liveness",
    response: around.CustomerFeatures,
  },
} as const;

export type EndpointName = keyof typeof endpoints;
