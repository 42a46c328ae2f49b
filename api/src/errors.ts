import { type ErrorEntry, REQUEST_PROPERTY } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';

/** A rule of ours refused the request: answered with the error body (a list of message and property) and a 4xx. */
export class ApiError extends Error {
  /** For a 429: the seconds until the caller may try again (sent as Retry-After). */
  retryAfter?: number;

  constructor(
    readonly statusCode: number,
    readonly entries: ErrorEntry[],
  ) {
    super(entries[0]?.message ?? messages.genericError);
  }

  /** A refusal for too many attempts, with when to come back. */
  static tooMany(message: string, retryAfterSeconds: number) {
    const error = ApiError.request(429, message);
    error.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }

  static field(statusCode: number, property: string, message: string) {
    return new ApiError(statusCode, [{ message, property }]);
  }

  static request(statusCode: number, message: string) {
    return new ApiError(statusCode, [{ message, property: REQUEST_PROPERTY }]);
  }
}
