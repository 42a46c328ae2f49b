import * as cards from './cards';
import * as clientLog from './client-log';
import * as customerFlags from './customer-flags';
import * as customerRights from './customer-rights';
import * as dataRights from './data-rights';
import * as documents from './documents';
import * as forbearance from './forbearance';
import { HealthResponse, ReadinessResponse } from './health';
import * as identity from './identity';
import * as loans from './loans';
import * as notifications from './notifications';
import * as operator from './operator';
import * as origination from './origination';
import * as pricing from './pricing';
import * as registration from './registration';
import { ROUTES } from './routes';
import * as servicing from './servicing';
import * as shortLinks from './short-links';

export * from './app-config';
export * from './cards';
export * from './client-log';
export * from './compact-prices';
export * from './customer-flags';
export * from './customer-rights';
export * from './data-rights';
export * from './documents';
export * from './errors';
export * from './forbearance';
export * from './health';
export * from './identity';
export * from './loans';
export * from './notifications';
export * from './operator';
export * from './origination';
export * from './params';
export * from './pricing';
export * from './registration';
export * from './routes';
export * from './servicing';
export * from './short-links';
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
    ...ROUTES.health,
    access: 'public',
    summary: 'Liveness and database check',
    response: HealthResponse,
  },
  readiness: {
    ...ROUTES.readiness,
    access: 'public',
    summary: 'Readiness for traffic: the database and the job queue (503 while either is down)',
    errors: [503],
    response: ReadinessResponse,
  },
  login: {
    ...ROUTES.login,
    access: 'public',
    errors: [429],
    summary: 'Send a sign-in code by SMS',
    body: identity.LoginRequest,
    response: identity.CodeSent,
  },
  phoneNumber: {
    ...ROUTES.phoneNumber,
    access: 'public',
    errors: [429],
    summary: 'Start registration with a phone (sends a code)',
    body: identity.LoginRequest,
    response: identity.CodeSent,
  },
  loginConfirm: {
    ...ROUTES.loginConfirm,
    access: 'public',
    errors: [403],
    summary: 'Exchange the SMS code for a session token',
    body: identity.LoginConfirmRequest,
    response: identity.TokenResponse,
  },
  resendCode: {
    ...ROUTES.resendCode,
    access: 'optional',
    errors: [403, 429],
    summary: 'Send the pending code again',
    body: identity.ResendRequest,
    response: identity.CodeSent,
  },
  logout: { ...ROUTES.logout, summary: 'Revoke the current session', response: identity.Empty },
  changePhone: {
    ...ROUTES.changePhone,
    errors: [403, 429],
    summary: 'Send a code to a new phone',
    body: identity.ChangePhoneRequest,
    response: identity.CodeSent,
  },
  phoneConfirmation: {
    ...ROUTES.phoneConfirmation,
    errors: [403],
    summary: 'Confirm the new phone with its code',
    body: identity.PhoneConfirmationRequest,
    response: identity.Empty,
  },
  user: { ...ROUTES.user, summary: 'The signed-in user', response: identity.UserResponse },
  notificationsInbox: {
    ...ROUTES.notificationsInbox,
    summary: "The caller's unread notifications, newest first (polled every 5 s)",
    response: notifications.InboxResponse,
  },
  notificationsRead: {
    ...ROUTES.notificationsRead,
    summary: "Mark the caller's notifications read (dismissed); others' ids are ignored",
    body: notifications.MarkReadRequest,
    response: notifications.MarkReadResponse,
  },
  dataExport: {
    ...ROUTES.dataExport,
    summary: "The caller's latest export of their data: preparing, ready (with its files) or expired",
    response: dataRights.DataExportView,
  },
  requestDataExport: {
    ...ROUTES.requestDataExport,
    summary: 'Ask for an export of everything held about the caller (JSON and PDF, built by a job, offered 7 days)',
    response: dataRights.DataExportView,
  },
  dataExportFile: {
    ...ROUTES.dataExportFile,
    errors: [404, 410],
    summary: "One file of the caller's ready export (application/json or application/pdf)",
    params: dataRights.DataExportFileParams,
    response: dataRights.DataExportView,
  },
  consentHistory: {
    ...ROUTES.consentHistory,
    summary: "The caller's consents as given or refused, newest first, with their text version",
    response: dataRights.ConsentHistory,
  },
  withdrawMarketing: {
    ...ROUTES.withdrawMarketing,
    summary: 'Withdraw consent to marketing (recorded in the history)',
    response: dataRights.ConsentHistory,
  },
  erasure: {
    ...ROUTES.erasure,
    errors: [409],
    summary:
      'Erase the personal data no law requires keeping; credit and AML records stay locked until retention ends (409 while a loan is open)',
    body: dataRights.ErasureRequest,
    response: dataRights.ErasureDone,
  },
  agentData: {
    ...ROUTES.agentData,
    summary: 'Agent data of an agent-assisted session',
    response: identity.AgentDataResponse,
  },
  linkCode: {
    ...ROUTES.linkCode,
    summary:
      'A one-time code (60 s) for a page the browser opens itself (card payment, Bizum, card form): ' +
      'session tokens never travel in an address',
    body: identity.LinkCodeRequest,
    response: identity.HandoffCode,
  },
  siteHandoff: {
    ...ROUTES.siteHandoff,
    errors: [403],
    summary:
      'A one-time code (60 s) that opens this customer session in the app on another origin (WordPress widgets), ' +
      'bound to this browser by an HttpOnly cookie',
    response: identity.HandoffCode,
  },
  siteHandoffExchange: {
    ...ROUTES.siteHandoffExchange,
    access: 'public',
    errors: [403, 409, 410],
    summary:
      "Exchange a widget's one-time code for a session of the app's own, in the browser that asked for it " +
      '(its hand-off cookie); 409 while the caller holds a session of another customer, unless `replace`',
    body: identity.HandoffExchange,
    response: identity.TokenResponse,
  },
  agentCustomer: {
    ...ROUTES.agentCustomer,
    access: 'public',
    errors: [410],
    summary: 'Exchange a one-time agent link for a session',
    params: identity.AgentSessionParams,
    response: identity.AgentSessionResponse,
  },
  adminLoginAs: {
    ...ROUTES.adminLoginAs,
    access: 'public',
    errors: [410],
    summary: 'Exchange a one-time admin link for an impersonation session',
    body: identity.AdminLoginRequest,
    response: identity.TokenResponse,
  },
  products: {
    ...ROUTES.products,
    summary: 'Loan products',
    response: pricing.ProductsResponse,
    access: 'public',
  },
  prices: {
    ...ROUTES.prices,
    access: 'optional',
    errors: [404],
    summary: 'Price options by term then amount (cents), compact: expand with expandPrices',
    params: pricing.ProductParams,
    query: pricing.PricesQuery,
    response: pricing.CompactPrices,
  },
  settings: {
    ...ROUTES.settings,
    access: 'public',
    errors: [404],
    summary: 'Calculator defaults',
    params: pricing.ProductParams,
    response: pricing.SettingsResponse,
  },
  checkPromocode: {
    ...ROUTES.checkPromocode,
    access: 'optional',
    summary: 'Check a promo code before prices',
    body: pricing.CheckPromocodeRequest,
    response: pricing.CheckPromocodeResponse,
  },
  discounts: {
    ...ROUTES.discounts,
    access: 'public',
    summary: 'Discounts on offer (e.g. autodebit_card_added)',
    query: pricing.DiscountsQuery,
    response: pricing.DiscountsResponse,
  },
  personalData: {
    ...ROUTES.personalData,
    summary: 'Save personal data',
    body: registration.PersonalDataRequest,
    response: identity.Empty,
  },
  personalDataAndAddress: {
    ...ROUTES.personalDataAndAddress,
    summary: 'Save personal data and addresses',
    body: registration.PersonalDataAndAddressRequest,
    response: identity.Empty,
  },
  address: {
    ...ROUTES.address,
    summary: 'Save the addresses',
    body: registration.AddressRequest,
    response: identity.Empty,
  },
  employment: {
    ...ROUTES.employment,
    summary: 'Save employment, income and contact person',
    body: registration.EmploymentRequest,
    response: identity.Empty,
  },
  additionalData: {
    ...ROUTES.additionalData,
    summary: 'Save employment fields and e-mail',
    body: registration.AdditionalDataRequest,
    response: identity.Empty,
  },
  confirmations: {
    ...ROUTES.confirmations,
    summary: 'Record the consents',
    body: registration.ConfirmationsRequest,
    response: identity.Empty,
  },
  nationalities: {
    ...ROUTES.nationalities,
    access: 'public',
    summary: 'Nationality options',
    response: registration.OptionsResponse,
  },
  employmentTypes: {
    ...ROUTES.employmentTypes,
    access: 'public',
    summary: 'Employment types',
    response: registration.OptionsResponse,
  },
  educations: {
    ...ROUTES.educations,
    access: 'public',
    summary: 'Education levels',
    response: registration.OptionsResponse,
  },
  businessActivities: {
    ...ROUTES.businessActivities,
    access: 'public',
    summary: 'Business activities',
    response: registration.OptionsResponse,
  },
  prefill: {
    ...ROUTES.prefill,
    summary: 'Known personal data to prefill the forms',
    response: registration.PrefillResponse,
  },
  regions: {
    ...ROUTES.regions,
    access: 'public',
    summary: 'Provinces, 30 a page',
    query: registration.PlaceQuery,
    response: registration.PlacePage,
  },
  cities: {
    ...ROUTES.cities,
    access: 'public',
    summary: 'Municipalities of a province, 30 a page',
    query: registration.PlaceQuery,
    response: registration.PlacePage,
  },
  streets: {
    ...ROUTES.streets,
    access: 'public',
    summary: 'Streets of a municipality, 30 a page',
    query: registration.PlaceQuery,
    response: registration.PlacePage,
  },
  createLoan: {
    ...ROUTES.createLoan,
    errors: [403, 409],
    summary: 'Apply for a loan (idempotent by attempt_reference)',
    body: loans.CreateLoanPayload,
    response: loans.LoanView,
  },
  loan: {
    ...ROUTES.loan,
    summary: 'The current application or loan, or null',
    response: loans.CurrentLoanResponse,
  },
  loans: {
    ...ROUTES.loans,
    summary: 'All applications and loans, newest first',
    response: loans.LoansResponse,
  },
  operatorCommand: {
    ...ROUTES.operatorCommand,
    summary: 'Run an operator command (npm run ops); needs the operator secret header',
    // Authorised by the operator secret header, not by a customer's session.
    access: 'public',
    errors: [401],
    body: operator.OperatorCommandRequest,
    response: operator.OperatorCommandResponse,
  },
  issueMethod: {
    ...ROUTES.issueMethod,
    summary: 'Choose how to receive the money: 1 bank account (IBAN) or 9 bank-data aggregation',
    body: origination.IssueMethodRequest,
    response: origination.Ok,
  },
  availableBankAccounts: {
    ...ROUTES.availableBankAccounts,
    summary: 'The IBANs the customer can receive the money on',
    response: origination.BankAccountsResponse,
  },
  loanDecision: {
    ...ROUTES.loanDecision,
    summary: 'The reasons of the decision on the current loan (GDPR Art. 22)',
    response: origination.DecisionResponse,
  },
  loanDecisionReview: {
    ...ROUTES.loanDecisionReview,
    summary: 'Ask for a person to review an automated decision (GDPR Art. 22)',
    body: origination.ReviewRequest,
    response: origination.Ok,
  },
  customerRights: {
    ...ROUTES.customerRights,
    summary: 'The debt-advice services, the complaints service and the days a review is answered in',
    access: 'public',
    response: customerRights.CustomerRightsResponse,
  },
  loanContacts: {
    ...ROUTES.loanContacts,
    summary: "Every collection contact with the customer (SMS, email, staff's calls): date and channel",
    response: customerRights.CollectionContactsResponse,
  },
  approveNewConditions: {
    ...ROUTES.approveNewConditions,
    summary: 'Accept the counter-offer (changed amount) before signing',
    response: origination.Ok,
  },
  signSend: {
    ...ROUTES.signSend,
    summary: 'Send the signing code by SMS, bound to the loan, its amount and IBAN',
    response: origination.SignCodeSent,
  },
  sign: {
    ...ROUTES.sign,
    summary: 'Sign the agreement with the SMS code',
    body: origination.SignRequest,
    response: loans.LoanView,
  },
  autodebitComplete: {
    ...ROUTES.autodebitComplete,
    summary: 'Finish the auto-debit step (false skips it)',
    body: origination.AutodebitRequest,
    response: loans.LoanView,
  },
  loanIssuance: {
    ...ROUTES.loanIssuance,
    summary: 'Order the payout of a signed loan (idempotent)',
    response: origination.IssuanceResponse,
  },
  userIssuance: {
    ...ROUTES.userIssuance,
    summary: 'Order the payout of a signed loan (idempotent)',
    response: origination.IssuanceResponse,
  },
  agreementFile: {
    ...ROUTES.agreementFile,
    summary: 'The signed agreement PDF behind an expiring link (owner only)',
    params: origination.AgreementFileParams,
    query: origination.AgreementFileQuery,
    response: origination.Ok,
  },
  partialRepay: {
    ...ROUTES.partialRepay,
    summary: "The partial repayment's range: 0.1 EUR to today's total, step 0.1 EUR",
    response: servicing.PartialRepayResponse,
  },
  prolong: {
    ...ROUTES.prolong,
    summary: 'Extension terms on offer with their prices',
    response: servicing.ProlongResponse,
  },
  prolongDetails: {
    ...ROUTES.prolongDetails,
    summary: "One extension term's price, with a promo code where it may be used",
    query: servicing.ProlongDetailsQuery,
    response: servicing.ExtensionSchema,
  },
  activateExtension: {
    ...ROUTES.activateExtension,
    summary: 'Ask for an extension: a card payment request for its cost (applied when paid)',
    body: servicing.ActivateExtensionRequest,
    response: servicing.ActivateExtensionResponse,
  },
  paymentRequest: {
    ...ROUTES.paymentRequest,
    summary: 'A card payment request (payoff, partial_repay, prolongation); one pending per loan',
    body: servicing.PaymentRequestBody,
    response: servicing.PaymentRequestResponse,
  },
  bizumPaymentRequest: {
    ...ROUTES.bizumPaymentRequest,
    summary: 'A Bizum payment request (payoff, partial_repay, prolongation); one pending per loan',
    body: servicing.PaymentRequestBody,
    response: servicing.PaymentRequestResponse,
  },
  savedCardPayment: {
    ...ROUTES.savedCardPayment,
    summary:
      'Pay (payoff, partial_repay, prolongation) with a saved card at once: charged and applied, or declined; ' +
      'idempotent by idempotency_key',
    errors: [409],
    body: servicing.SavedCardPaymentBody,
    response: servicing.PaymentRequestResponse,
  },
  forbearance: {
    ...ROUTES.forbearance,
    summary:
      'Before collection: the due-date change, the instalment plan (a quote per number of instalments) and the ' +
      "extensions' guardrail, each with its figures, or why not",
    response: forbearance.ForbearanceResponse,
  },
  dueDateChange: {
    ...ROUTES.dueDateChange,
    summary: "Move the due date once by 1 to N days, for the calculator's price of the days; idempotent by key",
    errors: [409],
    body: forbearance.DueDateChangeBody,
    response: forbearance.DueDateChangeSchema,
  },
  instalmentPlan: {
    ...ROUTES.instalmentPlan,
    summary: 'Turn what is owed into 2 to 4 monthly instalments (product rules); idempotent by key',
    errors: [409],
    body: forbearance.InstalmentPlanBody,
    response: forbearance.InstalmentPlanSchema,
  },
  withdrawal: {
    ...ROUTES.withdrawal,
    summary: '14-day withdrawal: principal plus interest to the day becomes due; acknowledgement stored',
    body: servicing.WithdrawalRequest,
    response: servicing.WithdrawalSchema,
  },
  cardPayment: {
    ...ROUTES.cardPayment,
    summary:
      "The card payment URL: makes (or finds) the card payment request and redirects to the acquirer's checkout " +
      '(a one-time code from POST /v2/user/link_code in the query)',
    access: 'public',
    errors: [404, 409, 410],
    query: servicing.PaymentLinkQuery,
    response: servicing.PaymentRequestResponse,
  },
  bizumPayment: {
    ...ROUTES.bizumPayment,
    summary: "Bizum: makes (or finds) the Bizum payment request; answers the form's action and fields to post",
    access: 'public',
    errors: [401, 404, 409],
    query: servicing.PaymentLinkQuery,
    response: servicing.BizumPaymentForm,
  },
  uploadDocument: {
    ...ROUTES.uploadDocument,
    summary:
      'Upload a document photo (multipart/form-data: `document` the image file, `type` a document type); ' +
      'images only, re-encoded to JPEG without metadata',
    errors: [400, 413, 415, 422],
    response: documents.DocumentSaved,
  },
  document: {
    ...ROUTES.document,
    summary: 'A stored document of the caller, as base64 JPEG',
    errors: [404],
    params: documents.DocumentParams,
    response: documents.DocumentContent,
  },
  skipDocument: {
    ...ROUTES.skipDocument,
    summary: 'Skip a document for now (listed as skip_<type>)',
    params: documents.DocumentParams,
    response: documents.DocumentSaved,
  },
  deleteDocument: {
    ...ROUTES.deleteDocument,
    summary: 'Delete a document (or its skip mark) of the caller',
    errors: [404],
    params: documents.DocumentParams,
    response: documents.DocumentsList,
  },
  userDocuments: {
    ...ROUTES.userDocuments,
    summary: 'The documents of the caller and the ones still asked',
    response: documents.DocumentsOverview,
  },
  livenessCapture: {
    ...ROUTES.livenessCapture,
    summary: "The liveness provider's capture page for the caller, returning to return_url",
    errors: [409],
    query: documents.LivenessCaptureQuery,
    response: documents.LivenessCapture,
  },
  liveness: {
    ...ROUTES.liveness,
    summary: 'Hand over a liveness transaction; answers its verdict',
    errors: [404],
    body: documents.LivenessRequest,
    response: documents.LivenessResult,
  },
  bankToken: {
    ...ROUTES.bankToken,
    summary: "The aggregation provider's bank session (unnax token1/token2 or kontomatik sessionId); starts the import",
    body: origination.BankTokenRequest,
    response: origination.Ok,
  },
  unnaxWidgetStatus: {
    ...ROUTES.unnaxWidgetStatus,
    summary: "How the aggregation widget ended (success, error, cancel); an error is the identity widget's",
    params: origination.WidgetStatusParams,
    body: origination.WidgetStatusRequest,
    response: origination.WidgetOutcome,
  },
  aggregationFallback: {
    ...ROUTES.aggregationFallback,
    summary: "The aggregation provider's return (status and code) when its widget could not report itself",
    body: origination.AggregationFallbackRequest,
    response: origination.WidgetOutcome,
  },
  addPaymentCard: {
    ...ROUTES.addPaymentCard,
    summary: 'Add a payment card: starts a card request at the acquirer and names its tokenization page',
    body: cards.AddPaymentCardRequest,
    response: cards.CardRequestStarted,
  },
  tokenizeCard: {
    ...ROUTES.tokenizeCard,
    summary:
      "The acquirer's tokenization page for the code's customer (a redirect; a one-time code from POST " +
      '/v2/user/link_code in the query)',
    access: 'public',
    errors: [410],
    query: cards.TokenizeQuery,
    response: cards.CardRequestStarted,
  },
  paymentCards: {
    ...ROUTES.paymentCards,
    summary: "The caller's saved cards (completed card requests), masked",
    response: cards.PaymentCards,
  },
  setDefaultPaymentCard: {
    ...ROUTES.setDefaultPaymentCard,
    summary: 'Make a saved card the default one for auto-debit',
    errors: [404],
    params: cards.PaymentCardParams,
    response: cards.PaymentCards,
  },
  validatePaymentCard: {
    ...ROUTES.validatePaymentCard,
    summary: 'Whether a saved card can still be used for auto-debit (valid more than 3 months)',
    errors: [404],
    params: cards.PaymentCardParams,
    response: cards.CardValidation,
  },
  shortLink: {
    ...ROUTES.shortLink,
    access: 'public',
    errors: [404],
    summary: 'A short link: a 302 redirect to its allow-listed target',
    params: shortLinks.ShortLinkParams,
    response: shortLinks.ShortLinkRedirect,
  },
  sendLogData: {
    ...ROUTES.sendLogData,
    access: 'optional',
    summary: 'A log line or funnel event from the customer app (type, message, context), to the configured sink',
    body: clientLog.SendLogDataRequest,
    response: clientLog.LogDataAccepted,
  },
  userFeatures: {
    ...ROUTES.userFeatures,
    summary: "The signed-in customer's feature flags: Bizum, auto-debit skip button, payment processing view, liveness",
    response: customerFlags.CustomerFeatures,
  },
} as const;

export type EndpointName = keyof typeof endpoints;
