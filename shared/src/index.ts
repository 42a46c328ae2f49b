export * from './api';
export * from './content';
export type {
  AgentDataResponse,
  AgentSessionResponse,
  CheckPromocodeResponse,
  CodeSent,
  CustomerFeatures,
  DiscountsResponse,
  EndpointName,
  ErrorBody,
  ErrorEntry,
  HealthResponse,
  LoanView,
  PlacePage,
  PrefillResponse,
  PriceOption,
  PricesResponse,
  Product,
  SendLogDataRequest,
  SessionKind,
  SettingsResponse,
  TokenResponse,
  UserResponse,
} from './contract';
// Browser entry: the contract's types only. Its runtime schemas are for the API (`@credimo/shared/contract`),
// so the schema engine never ships to a page.
export * from './contract/app-config';
export * from './contract/compact-prices';
export * from './contract/constants';
export * from './domain';
export * from './federation';
export * from './format';
export * from './i18n/messages';
export * from './paths';
export * from './price-tables';
export * from './session';
export * from './ui';
