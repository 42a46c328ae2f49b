import type { FastifyRequest } from 'fastify';

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
 * The API's logger options: every request line's address redacted (redactUrl), and the headers and fields that
 * carry tokens or codes censored wherever a line would hold them.
 */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
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
        '*.access_token',
        '*.authorization',
        '*.token',
        'access_token',
        'authorization',
        'token',
      ],
      censor: REDACTED,
    },
  };
}
