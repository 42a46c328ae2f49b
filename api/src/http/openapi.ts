import { ErrorBody } from '@credimo/shared/contract';

/**
 * What the published OpenAPI says beyond the schemas, so a generated client (the app's `ApiKey` calls come from one)
 * knows how to authenticate, what to call each operation and which 4xx answers to expect.
 */

export type Access = 'public' | 'optional' | 'session';

/** What an operation needs to be documented: its contract entry's input and access marks. */
export interface Documentable {
  access?: Access;
  errors?: readonly number[];
  body?: unknown;
  params?: unknown;
  query?: unknown;
}

/** The shared error schema's id: registered once on the app, referenced by every 4xx answer. */
export const ERROR_BODY_ID = 'ErrorBody';

export const errorBodySchema = { $id: ERROR_BODY_ID, ...ErrorBody };

/** The session token travels as `Authorization: Bearer` or, from the generated client, `ApiKey`. */
export const securitySchemes = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'The session token from /v2/user/login_confirm.' },
  ApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'ApiKey',
    description: 'The same session token, as a generated client sends it.',
  },
} as const;

type Requirement = Record<string, string[]>;

const WITH_TOKEN: Requirement[] = [{ bearerAuth: [] }, { ApiKey: [] }];

/** OpenAPI's security requirement per access: `{}` is "no token" as one allowed alternative. */
const SECURITY: Record<Access, Requirement[]> = {
  public: [],
  optional: [{}, ...WITH_TOKEN],
  session: WITH_TOKEN,
};

/** Why each 4xx happens, as the answer's description. */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed request (for example invalid JSON)',
  401: 'No valid session token',
  403: 'The session may not do this (for example an operator acting for the customer)',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'The link is used or expired',
  413: 'Request body too large',
  415: 'Unsupported media type',
  422: 'Invalid data: each entry names the field',
  429: 'Too many attempts: wait and retry',
};

/**
 * The 4xx answers an operation gives: the ones the API itself derives from the contract entry
 * (a session's 401; a body's parse, size and type errors; validation's 422; the rate limit's 429) plus those its
 * handler throws.
 */
export function errorStatuses(endpoint: Documentable): number[] {
  // Every route is rate-limited (http/rate-limit.ts): any caller may be told to wait.
  const statuses = new Set([...(endpoint.errors ?? []), 429]);
  if ((endpoint.access ?? 'session') === 'session') statuses.add(401);
  if (endpoint.body) for (const status of [400, 413, 415, 422]) statuses.add(status);
  if (endpoint.params || endpoint.query) statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

/** Route schema fields that document an operation: its stable id, its security and its error answers. */
export function operationDocs(operationId: string, endpoint: Documentable) {
  return {
    operationId,
    security: SECURITY[endpoint.access ?? 'session'],
    response: Object.fromEntries(
      errorStatuses(endpoint).map((status) => [
        status,
        { description: ERROR_DESCRIPTIONS[status] ?? 'Refused', $ref: `${ERROR_BODY_ID}#` },
      ]),
    ),
  };
}
