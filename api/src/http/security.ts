import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

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
 * liveness camera, bank aggregation). Give the route exactly what it needs, no looser, as @fastify/helmet's
 * route option:
 *
 *   app.get('/sandbox/card/:id', { helmet: pagePolicy({ 'script-src': ["'self'"], 'form-action': ["'self'"] }) }, h)
 *
 * The given directives replace the API's ones of the same name; the rest ('none') stay. A page that needs the
 * camera (liveness) also sets `config: { camera: true }` for `Permissions-Policy: camera=(self)`. Inline
 * `<style>` blocks of any HTML answer are allowed by their hash automatically (see `inlineStyleHashes`), so
 * pages need no 'unsafe-inline'.
 */
export function pagePolicy(directives: CspDirectives) {
  return { contentSecurityPolicy: { useDefaults: false, directives: { ...API_CSP_DIRECTIVES, ...directives } } };
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by pagePolicy users who need the camera (liveness); every other answer denies it. */
    camera?: boolean;
  }
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
  // Routes with a page policy of their own (`helmet: pagePolicy(...)`, the sandbox pages) through @fastify/helmet.
  await app.register(fastifyHelmet, { ...policy, global: false });
  // Every other answer: helmet's headers built once. @fastify/helmet's global mode builds helmet's middleware
  // anew on every request (parsing the CSP each time), a twentieth of the customer's poll (issue 15).
  const apiHeaders = helmet(policy);
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.routeOptions.config as { helmet?: unknown }).helmet === undefined)
      apiHeaders(request.raw, reply.raw, () => {});
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('Cache-Control', cacheControlFor(request, reply.getHeader('cache-control') as string | undefined));
    reply.header('Permissions-Policy', request.routeOptions.config?.camera ? 'camera=(self)' : 'camera=()');
    const type = contentTypeOf(reply);
    if (type.startsWith('text/html') && typeof payload === 'string') {
      const hashes = inlineStyleHashes(payload);
      const current = String(reply.getHeader('content-security-policy') ?? cspHeader(API_CSP_DIRECTIVES));
      if (hashes.length && !/(^|;)\s*style-src /.test(current)) {
        reply.header('Content-Security-Policy', `${current}; style-src ${hashes.join(' ')}`);
      }
    }
    done(null, payload);
  });
});
