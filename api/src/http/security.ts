import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The API's own policy: it serves JSON, the SECCI and agreements (HTML, PDF) and nothing that runs. Nothing may
 * load from its answers, frame them or submit forms from them.
 */
export const API_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

export type CspDirectives = Record<string, string[]>;

/**
 * For pages the API serves that need more than nothing: the sandbox providers' pages (card form, Bizum,
 * liveness camera, bank aggregation). Give the route exactly what it needs, no looser, as its config's `helmet`
 * (helmet's options, over the API's; `false` sends none of helmet's headers):
 *
 *   app.get('/sandbox/card/:id', { config: { helmet: pagePolicy({ 'script-src': ["'self'"] }) } }, h)
 *
 * The given directives replace the API's ones of the same name; the rest ('none') stay. A page that needs the
 * camera (liveness) also sets `camera: true` in its config for `Permissions-Policy: camera=(self)`. Inline
 * `<style>` blocks of any HTML answer are allowed by their hash automatically (see `inlineStyleHashes`), so
 * pages need no 'unsafe-inline'.
 */
export function pagePolicy(directives: CspDirectives): RouteHelmet {
  return { contentSecurityPolicy: { useDefaults: false, directives: { ...API_CSP_DIRECTIVES, ...directives } } };
}

/** What a route may change of the API's helmet options: its page's CSP, and framing (the bank widget's frame). */
export interface RouteHelmet {
  contentSecurityPolicy?: { useDefaults: false; directives: CspDirectives };
  frameguard?: false;
}

/** 'sha256-…' sources for each inline `<style>` of an HTML answer, so its CSP allows exactly those. */
export function inlineStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/** Builds a CSP header value from directives. */
export function cspHeader(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Personal answers must stay out of every cache (OWASP ASVS 8.2.1): anything a token was sent with, and
 * anything under /v2/user and /v2/loan(s), whatever the route says. Anonymous public answers (the price table,
 * content) keep the caching their route chose; an answer that chose nothing is not cached either.
 */
export function cacheControlFor(request: FastifyRequest, chosen: string | undefined): string {
  const url = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  const personal =
    request.session !== null ||
    Boolean(request.headers.authorization || request.headers.apikey) ||
    /^\/v2\/(user|loans?)(\/|$)/.test(url);
  if (personal || !chosen) return 'no-store';
  return chosen;
}

/** A route's security headers, as helmet would set them: built once per route, sent as they are. */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by pagePolicy users who need the camera (liveness); every other answer denies it. */
    camera?: boolean;
    /** The route's own helmet options over the API's (a page's policy: pagePolicy); false sends none. */
    helmet?: RouteHelmet | false;
    /** The route's helmet headers, built by securityHeaders from `helmet` when the route is added. */
    securityHeaders?: HeaderList;
  }
}

/**
 * The headers helmet's middleware sets for these options, recorded once. Helmet computes nothing per request
 * for static options, yet its middleware chain runs a dozen functions on every answer (a twentieth of the
 * customer's poll); sending the recorded list is the same headers for a loop of setHeader calls.
 */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  // Lower case, as Fastify keeps reply headers: a name already in lower case is not made anew per answer.
  return [...headers].map(([name, value]) => [name.toLowerCase(), value] as const);
}

function contentTypeOf(reply: FastifyReply): string {
  return String(reply.getHeader('content-type') ?? '');
}

/**
 * Security headers of every API answer, with helmet: nosniff, no framing, no referrer, a CSP that
 * allows nothing (HTML answers get their own inline styles by hash), HSTS when the public address is HTTPS.
 * Must be registered after `authentication` (the cache rule reads the session).
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: { https: boolean }) => {
  const policy = {
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP_DIRECTIVES },
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
    // The WordPress site and the customer app read JSON by CORS; CORP only concerns no-cors loads.
    crossOriginResourcePolicy: { policy: 'same-site' as const },
    // A TLS front sets the address; over plain HTTP browsers ignore HSTS anyway, so send it only when meaningful.
    strictTransportSecurity: options.https ? { maxAge: 63_072_000, includeSubDomains: true } : (false as const),
  };
  const apiHeaders = helmetHeaders(policy);
  // A route's own policy (`config: { helmet: pagePolicy(...) }`, the sandbox pages and the console) is built
  // when the route is, over the API's; every other route, and an unknown address's 404, sends the API's.
  app.addHook('onRoute', (route) => {
    const own = route.config?.helmet;
    if (own === undefined) return;
    route.config = { ...route.config, securityHeaders: own === false ? [] : helmetHeaders({ ...policy, ...own }) };
  });
  // Into Fastify's reply headers, not the raw response's: one raw setHeader sends Node's writeHead down its slow
  // path, where every header of the answer is set and stored one at a time before it is written.
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.routeOptions.config.securityHeaders ?? apiHeaders;
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('cache-control', cacheControlFor(request, reply.getHeader('cache-control') as string | undefined));
    reply.header('permissions-policy', request.routeOptions.config?.camera ? 'camera=(self)' : 'camera=()');
    const type = contentTypeOf(reply);
    if (type.startsWith('text/html') && typeof payload === 'string') {
      const hashes = inlineStyleHashes(payload);
      const current = String(reply.getHeader('content-security-policy') ?? cspHeader(API_CSP_DIRECTIVES));
      if (hashes.length && !/(^|;)\s*style-src /.test(current)) {
        reply.header('content-security-policy', `${current}; style-src ${hashes.join(' ')}`);
      }
    }
    done(null, payload);
  });
});
