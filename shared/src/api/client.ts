import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import type { HealthResponse } from '../contract/health';
import { accessTokenAtom, clearSession, sessionStore } from '../session/store';

export interface ApiClientOptions {
  apiBaseUrl: string;
  /** SPEC section 7: requests whose path contains wp-json go to the content site instead. */
  wpBaseUrl: string;
  getToken: () => string | null;
  onUnauthorized: () => void;
}

export const isContentPath = (url: string | undefined) => Boolean(url?.includes('wp-json'));

export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const client = axios.create({ baseURL: options.apiBaseUrl, timeout: 20_000 });
  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (isContentPath(config.url)) {
      config.baseURL = options.wpBaseUrl;
      return config;
    }
    const token = options.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(undefined, (error: unknown) => {
    // SPEC section 8: any 401 logs out; there is no refresh path to retry with.
    const status = (error as { response?: { status?: number } }).response?.status;
    if (status === 401) options.onUnauthorized();
    return Promise.reject(error);
  });
  return client;
}

let configured: AxiosInstance | null = null;
const unauthorizedListeners = new Set<() => void>();

/** Registers what to do after a 401 has cleared the session (the shell navigates to /auth). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Called once at boot by whoever hosts the widgets (the shell, or the WordPress loader). */
export function configureApi(config: { apiBaseUrl: string; wpBaseUrl: string }): AxiosInstance {
  configured = createApiClient({
    ...config,
    getToken: () => sessionStore.get(accessTokenAtom),
    onUnauthorized: () => {
      clearSession();
      for (const listener of unauthorizedListeners) listener();
    },
  });
  return configured;
}

export function api(): AxiosInstance {
  if (!configured) throw new Error('configureApi() must run before the first API call');
  return configured;
}

/** Typed calls of the contract. */
export const calls = {
  health: async (): Promise<HealthResponse> => (await api().get<HealthResponse>('/health')).data,
};
