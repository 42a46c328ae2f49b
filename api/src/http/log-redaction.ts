import type { FastifyReply, FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: tokens, one-time codes, keys. Their values never reach a log line. */
const SECRET_PARAMETERS = /^(access_token|token|code|api_?key|apikey|session_?id|sessionid|key|signature)$/i;

/** Paths whose last segment is a one-time code (an agent link's). */
const SECRET_PATHS = [/^(\/api\/agent\/customer\/)[^/?#]+/];

export const REDACTED = '[redacted]';

/** The address as it may be logged: secret query values and one-time codes in the path replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  let path = at === -1 ? url : url.slice(0, at);
  for (const secret of SECRET_PATHS) path = path.replace(secret, `$1${REDACTED}`);
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = decodeURIComponentSafe(equals === -1 ? pair : pair.slice(0, equals));
      return equals !== -1 && SECRET_PARAMETERS.test(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Fields that hold a secret or a person's data (phone, DNI/NIE, IBAN, names, email, codes): censored at the top
 * of a line and one level down, wherever our own code would log an object holding them.
 */
const PERSONAL_OR_SECRET_FIELDS = [
  'access_token',
  'authorization',
  'token',
  'code',
  'mobile_phone',
  'phone',
  'phone_number',
  'personal_id',
  'iban',
  'bank_account',
  'first_name',
  'first_surname',
  'second_surname',
  'email',
];

/**
 * The API's logger options: every request line's address redacted (redactUrl), and the headers and fields that
 * carry tokens, codes or personal data censored wherever a line would hold them. JSON lines, which any log
 * collector reads; `pretty` (a developer's terminal) prints readable lines through pino-pretty instead.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }, pretty = false) {
  return {
    level,
    ...(stream ? { stream } : {}),
    ...(pretty && !stream
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.apikey',
        'req.headers.cookie',
        'headers.authorization',
        'headers.apikey',
        'headers.cookie',
        ...PERSONAL_OR_SECRET_FIELDS,
        ...PERSONAL_OR_SECRET_FIELDS.map((field) => `*.${field}`),
      ],
      censor: REDACTED,
    },
  };
}

/**
 * One line per answer, at info: the route's pattern (never an id or code from the address), the method, the
 * status and the time. It replaces Fastify's own two lines per request.
 */
export function logAnswer(request: FastifyRequest, reply: FastifyReply): void {
  request.log.info(
    {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    },
    'answered',
  );
}
