import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { Static, TSchema } from 'typebox';
import type { SiteContent } from '../content/defaults';
import type { endpoints } from '../contract';
import type { SendLogDataRequest } from '../contract/client-log';
import { expandPrices } from '../contract/compact-prices';
import type { CustomerFeatures } from '../contract/customer-flags';
import type { HealthResponse } from '../contract/health';
import type {
  AgentDataResponse,
  AgentSessionResponse,
  CodeSent,
  HandoffCode,
  LoginRequest,
  TokenResponse,
  UserResponse,
} from '../contract/identity';
import type { CreateLoanRequest, LoanView } from '../contract/loans';
import type { CheckPromocodeResponse, CompactPrices, Product, SettingsResponse } from '../contract/pricing';
import type { PlacePage, PrefillResponse } from '../contract/registration';
import { ROUTES, type RouteName } from '../contract/routes';
import { messages } from '../i18n/messages';
import { devFlags } from '../session/dev-flags';
import { accessTokenAtom, sessionStore } from '../session/store';
import {
  type ApiAddress,
  apiAddress,
  notifyUnauthorized,
  offerUrl,
  registerJsonReader,
  setApiAddress,
} from './address';

// The light part (address, public reads, redirect allow-list) keeps its place in this module's surface.
export * from './address';

export interface ApiClientOptions {
  apiBaseUrl: string;
  /** Requests whose path contains wp-json go to the content site instead. */
  wpBaseUrl: string;
  getToken: () => string | null;
  /** Called with the token the refused request carried (null when it carried none). */
  onUnauthorized: (refusedToken: string | null) => void;
}

export const isContentPath = (url: string | undefined) => Boolean(url?.includes('wp-json'));

/** The client version, told to the API with each call (header `X-Client-Version`). */
export const CLIENT_VERSION = '1.0.7';
export const CLIENT_VERSION_HEADER = 'X-Client-Version';

/**
 * A tokenless GET or HEAD (the public price table and settings on a WordPress page) is a CORS "simple" request:
 * a custom header would add a preflight round trip to every calculator. Every other call is preflighted anyway
 * (bearer token, JSON body, PUT/DELETE), so the version rides along at no cost.
 */
const carriesVersion = (config: InternalAxiosRequestConfig, token: string | null) =>
  token !== null || !['get', 'head'].includes((config.method ?? 'get').toLowerCase());

/**
 * The reads every waiting page polls: sent with If-None-Match, and a 304 ("unchanged")
 * hands back the body kept from the last 200, so a poll of an unchanged customer moves no body.
 */
export const POLLED_PATHS: ReadonlySet<string> = new Set([ROUTES.user.path, ROUTES.loan.path]);

/** The last answer of a polled path, and the session it was given to: another token never reuses it. */
interface LastAnswer {
  authorization: string;
  etag: string;
  data: unknown;
}

const isPoll = (config: InternalAxiosRequestConfig) =>
  (config.method ?? 'get').toLowerCase() === 'get' && POLLED_PATHS.has(config.url ?? '');

/**
 * The requests of a session that is ending. A poll still on its way when the customer logs out (or when a 401 ended
 * the session) would meet the closed session with a 401 of its own: it is cancelled instead, and a new request of
 * that session is not sent, except the call that ends it (the logout, or the erasure of the customer's data).
 */
const SESSION_ENDING_PATHS: ReadonlySet<string> = new Set([ROUTES.logout.path, ROUTES.erasure.path]);

class SessionRequests {
  private live = new AbortController();
  private ended: string | null = null;

  end(token: string): void {
    this.ended = token;
    this.cancelInFlight();
  }

  resume(token: string): void {
    if (this.ended === token) this.ended = null;
  }

  cancelInFlight(): void {
    this.live.abort();
    this.live = new AbortController();
  }

  /** The signal an authenticated request is sent with; throws for a request of the session that ended. */
  signalFor(token: string, url: string | undefined): AbortSignal | undefined {
    if (token !== this.ended) return this.live.signal;
    if (SESSION_ENDING_PATHS.has(url ?? '')) return undefined;
    throw new axios.CanceledError('the session has ended');
  }
}

const sessionRequests = new SessionRequests();

/** Cancels what the session of `token` still has on its way and sends nothing more for it but the call ending it. */
export const endSessionRequests = (token: string) => sessionRequests.end(token);
/** The session goes on after all (the call that was to end it was refused): its requests are sent again. */
export const resumeSessionRequests = (token: string) => sessionRequests.resume(token);

export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: options.apiBaseUrl,
    timeout: 20_000,
    // 304 only ever answers a poll this client made conditional, and the interceptor below fills its body.
    validateStatus: (status) => (status >= 200 && status < 300) || status === 304,
  });
  const lastAnswers = new Map<string, LastAnswer>();
  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (isContentPath(config.url)) {
      config.baseURL = options.wpBaseUrl;
      return config;
    }
    const token = options.getToken();
    if (token) {
      config.headers.set('Authorization', `Bearer ${token}`);
      config.signal ??= sessionRequests.signalFor(token, config.url);
    }
    if (carriesVersion(config, token)) config.headers.set(CLIENT_VERSION_HEADER, CLIENT_VERSION);
    // A kept answer belongs to one session: once the token changes (logout, another customer) it is dropped.
    for (const [path, last] of lastAnswers) if (last.authorization !== `Bearer ${token}`) lastAnswers.delete(path);
    const last = isPoll(config) ? lastAnswers.get(config.url ?? '') : undefined;
    if (last) config.headers.set('If-None-Match', last.etag);
    return config;
  });
  client.interceptors.response.use(
    (response) => {
      if (!isPoll(response.config)) return response;
      const path = response.config.url ?? '';
      const authorization = String(response.config.headers.get('Authorization') ?? '');
      if (response.status === 304) {
        const last = lastAnswers.get(path);
        if (!last || last.authorization !== authorization)
          return Promise.reject(new Error(`304 without a body for ${path}`));
        response.data = last.data;
        return response;
      }
      const etag = response.headers.etag;
      if (typeof etag === 'string' && authorization)
        lastAnswers.set(path, { authorization, etag, data: response.data });
      else lastAnswers.delete(path);
      return response;
    },
    (error: unknown) => {
      // Any 401 logs out; there is no refresh path to retry with.
      const status = (error as { response?: { status?: number } }).response?.status;
      if (status === 401) {
        lastAnswers.clear();
        const sent = String((error as AxiosError).config?.headers?.get('Authorization') ?? '');
        const refused = sent.startsWith('Bearer ') ? sent.slice('Bearer '.length) : null;
        // The session is over (the listener clears it): its other requests on their way are cancelled.
        if (refused && refused === options.getToken()) sessionRequests.cancelInFlight();
        options.onUnauthorized(refused);
      }
      return Promise.reject(error);
    },
  );
  return client;
}

let configured: AxiosInstance | null = null;

/** The one client, built from the page's API address (see ./address.ts) and registered for every read. */
function buildClient(address: ApiAddress): AxiosInstance {
  const client = createApiClient({
    ...address,
    getToken: () => sessionStore.get(accessTokenAtom),
    onUnauthorized: notifyUnauthorized,
  });
  registerJsonReader(async function read<T>(path: string, params: Record<string, string>) {
    return (await client.get<T>(path, { params })).data;
  });
  return client;
}

/** Called once at boot by whoever hosts the widgets (the shell, or the WordPress loader). */
export function configureApi(config: ApiAddress): AxiosInstance {
  setApiAddress(config);
  configured = buildClient(config);
  return configured;
}

/** The client, built on first use from the address a widget's mount recorded (a WordPress page). */
export function api(): AxiosInstance {
  if (!configured) {
    const address = apiAddress();
    if (!address) throw new Error('configureApi() must run before the first API call');
    configured = buildClient(address);
  }
  return configured;
}

type Contract = typeof endpoints;
/** The decoded type of one part of a contract entry, or never when the entry has none. */
type PartOf<N extends RouteName, K extends 'body' | 'params' | 'query' | 'response'> =
  Contract[N] extends Record<K, infer S extends TSchema> ? Static<S> : never;

/** What a call of the contract sends: its path parameters, its query and its body, each as the contract types it. */
export interface CallInput<N extends RouteName> {
  params?: PartOf<N, 'params'>;
  query?: PartOf<N, 'query'>;
  body?: PartOf<N, 'body'>;
}

/** The address of a contract call with its path parameters (`:id`) filled in. */
export function pathOf<N extends RouteName>(name: N, params?: PartOf<N, 'params'>): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(values[key])));
}

/** One call of the contract by its name: method and path from the contract, the answer typed by its schema. */
export function send<N extends RouteName>(
  name: N,
  input: CallInput<N> = {},
  config: AxiosRequestConfig = {},
): Promise<AxiosResponse<PartOf<N, 'response'>>> {
  const request: AxiosRequestConfig = {
    ...config,
    method: ROUTES[name].method,
    url: pathOf(name, input.params),
    params: input.query,
    data: input.body,
  };
  return api().request(request);
}

/** `send`'s answer body alone. */
export async function call<N extends RouteName>(
  name: N,
  input: CallInput<N> = {},
  config: AxiosRequestConfig = {},
): Promise<PartOf<N, 'response'>> {
  return (await send(name, input, config)).data;
}

/** A sent code and, in sandbox mode, the code itself (stored for development). */
export interface SentCode extends CodeSent {
  sandboxCode: string | null;
  /** A phone change's second code, sent to the phone the account has now. */
  sandboxCurrentCode: string | null;
}

const headerOf = (headers: Record<string, unknown>, name: string) =>
  typeof headers[name] === 'string' ? headers[name] : null;

const sent = (response: { data: CodeSent; headers: Record<string, unknown> }): SentCode => ({
  ...response.data,
  sandboxCode: headerOf(response.headers, 'x-sms-code'),
  sandboxCurrentCode: headerOf(response.headers, 'x-sms-code-current'),
});

/** Typed calls of the contract (shared/src/contract), one per endpoint. */
export const calls = {
  health: async () => (await api().get<HealthResponse>('/health')).data,
  login: async (body: LoginRequest) => sent(await api().post<CodeSent>('/v2/user/login', body)),
  loginConfirm: async (body: { mobile_phone: string; code: string }) =>
    (await api().post<TokenResponse>('/v2/user/login_confirm', body)).data,
  resendCode: async (body: { mobile_phone?: string; channel?: 'sms' | 'whatsapp' }) =>
    sent(await api().post<CodeSent>('/v2/user/resend_phone_confirmation_code', body)),
  logout: async () => {
    await api().post('/v2/user/logout', {});
  },
  user: async () => (await api().get<UserResponse>('/v2/user')).data,
  changePhone: async (mobile_phone: string) =>
    sent(await api().put<CodeSent>('/v2/user/change_phone', { mobile_phone })),
  /** The new phone's code and the code sent to the current phone: both prove the change. */
  phoneConfirmation: async (code: string, currentPhoneCode: string) => {
    await api().put('/v2/user/phone_confirmation', { code, current_phone_code: currentPhoneCode });
  },
  /**
   * The WordPress widgets' hand-off: a one-time code (60 s) that opens this customer's session in the app, on
   * another origin. Both calls carry the API's hand-off cookie (credentials): the code works only in the browser
   * that asked for it.
   */
  siteHandoff: async () => (await api().post<HandoffCode>('/v2/user/handoff', {}, { withCredentials: true })).data,
  /** `replace`: this browser's session of another customer is to be closed (asked first: 409). */
  siteHandoffExchange: async (code: string, replace = false) =>
    (
      await api().post<TokenResponse>('/v2/user/handoff/exchange', replace ? { code, replace } : { code }, {
        withCredentials: true,
      })
    ).data,
  agentCustomer: async (sessionId: string) =>
    (await api().get<AgentSessionResponse>(`/api/agent/customer/${encodeURIComponent(sessionId)}`)).data,
  agentData: async () => (await api().get<AgentDataResponse>('/v2/user/agent_data')).data,
  products: async () => (await api().get<Product[]>('/v2/products')).data,
  prices: async (productId: number, discount: string | null) =>
    expandPrices(
      (await api().get<CompactPrices>(`/v2/products/${productId}/prices`, { params: discount ? { discount } : {} }))
        .data,
    ),
  settings: async (productId: number) =>
    (await api().get<SettingsResponse>(`/api/products/${productId}/settings`)).data,
  checkPromocode: async (promocode: string) =>
    (await api().post<CheckPromocodeResponse>('/v2/check-promocode', { promocode })).data,
  /** Address of the pre-contract information (SECCI) for a choice, to link to. */
  offerUrl,
  siteContent: async () => (await api().get<SiteContent>('/wp-json/react/v2/data', { params: { lang: 'es' } })).data,
  savePersonalDataAndAddress: async (body: Record<string, unknown>) => {
    await api().put('/v2/user/personal_data_and_address', body);
  },
  savePersonalData: async (body: Record<string, unknown>) => {
    await api().put('/v2/user/personal_data', body);
  },
  saveAddress: async (body: Record<string, unknown>) => {
    await api().put('/v2/user/address', body);
  },
  saveAdditionalData: async (body: Record<string, unknown>) => {
    await api().put('/v2/user/additional_data', body);
  },
  saveConfirmations: async (receiveInformation: boolean) => {
    await api().put('/v2/user/confirmations', { all_confirmations: true, receiveInformation });
  },
  options: async (list: 'nationality' | 'employment_type' | 'education' | 'business_activity') =>
    (await api().get<Array<{ id: string | number; name: string }>>(`/v2/user/${list}`)).data,
  places: async (kind: 'regions' | 'cities' | 'streets', query: Record<string, string | number>) =>
    (await api().get<PlacePage>(`/v2/${kind}`, { params: query })).data,
  prefill: async () => (await api().get<PrefillResponse>('/v2/ocr_user')).data,
  /** The loan create payload; the attempt reference makes a retry return the same application. */
  createLoan: async (body: CreateLoanRequest) => {
    // Refused here when the developer menu's flag disables it, answered as the API would.
    if (devFlags().createLoanDisabled) throw refusedLocally(messages.loanCreationDisabled);
    return (await api().post<LoanView>('/v2/loan', body)).data;
  },
  loan: async () => (await api().get<LoanView | null>('/v2/loan')).data,
  adminLoginAs: async (body: { api_key: string; admin_username: string }) =>
    (await api().post<TokenResponse>('/v2/admin/login_as', body)).data,
  /** A log line or funnel event for the configured sink. */
  sendLogData: async (body: SendLogDataRequest) => {
    await api().post('/v2/send-log-data', body);
  },
  /** The signed-in customer's feature flags. */
  userFeatures: async () => (await api().get<CustomerFeatures>('/v2/user/features')).data,
};

/** A call refused before it leaves the browser, in the shape of the API's 4xx. */
const refusedLocally = (message: string) =>
  Object.assign(new Error(message), {
    response: { status: 403, data: { errors: [{ message, property: 'request' }] } },
  });
