import { REQUEST_PROPERTY } from '../contract/constants';
import type { ErrorEntry } from '../contract/errors';
import { messages } from '../i18n/messages';

/** What a screen needs to know about a failed call, normalised from the API's error bodies. */
export interface ApiError {
  /** HTTP status; 0 when no response arrived (error_not_found). */
  status: number;
  /** First message, to show as a notice when no field claims it. */
  message: string;
  /** Field name -> message, from entries whose property is a field. */
  fieldErrors: Record<string, string>;
  /** Entries with property `request`, for the request handler. */
  requestErrors: string[];
  data: unknown;
}

interface ErrorLike {
  response?: { status: number; data?: unknown };
  message?: string;
}

function isErrorEntries(value: unknown): value is ErrorEntry[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((e) => typeof e === 'object' && e !== null && typeof (e as ErrorEntry).message === 'string')
  );
}

export function normaliseApiError(error: unknown): ApiError {
  const response = (error as ErrorLike | null)?.response;
  // An error raised in the browser before any call, with a sentence for the customer (CaptchaUnavailableError).
  const userMessage = (error as { userMessage?: unknown } | null)?.userMessage;
  if (!response && typeof userMessage === 'string') {
    return { status: 0, message: userMessage, fieldErrors: {}, requestErrors: [], data: null };
  }
  if (!response) {
    return { status: 0, message: messages.errorNotFound, fieldErrors: {}, requestErrors: [], data: null };
  }
  const data = response.data as { errors?: unknown; message?: unknown; label?: unknown } | undefined;
  const base: ApiError = {
    status: response.status,
    message: messages.genericError,
    fieldErrors: {},
    requestErrors: [],
    data: data ?? null,
  };
  if (data && isErrorEntries(data.errors)) {
    const [first] = data.errors;
    base.message = first?.message ?? base.message;
    for (const entry of data.errors) {
      if (entry.property === REQUEST_PROPERTY) base.requestErrors.push(entry.message);
      else if (entry.property && !(entry.property in base.fieldErrors))
        base.fieldErrors[entry.property] = entry.message;
    }
    return base;
  }
  if (data && typeof data.message === 'string' && data.message) {
    base.message = data.message;
  }
  return base;
}
