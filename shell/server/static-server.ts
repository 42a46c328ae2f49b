import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_PREVIEW_PATH } from '@credimo/shared/paths';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { cacheControlFor, NO_CACHE, PERSONAL } from './cache-policy';
import type { PageRequest } from './first-paint';
import {
  type AppPolicyInput,
  appHelmetOptions,
  assetHelmetOptions,
  PERMISSIONS_POLICY,
  withNonce,
  withPreviewFrameAncestors,
} from './security-headers';

export interface StaticServerOptions {
  /** Folder with the built app (dist/<app>). */
  root: string;
  port: number;
  host?: string;
  /** The shell answers unknown paths with index.html so client-side routes work on reload. */
  spaFallback?: boolean;
  /** JSON documents served at fixed paths, e.g. /config.json for the shell. */
  json?: Record<string, unknown>;
  /** Remotes are fetched cross-origin by the shell and by WordPress pages. */
  allowAnyOrigin?: boolean;
  /**
   * The customer app's page policy (CSP from the runtime config, no framing, nonces on styles). Without it the
   * server is an asset server (a remote): loadable from any site, itself allowing nothing.
   */
  appPolicy?: AppPolicyInput;
  /** The public address is HTTPS (assets servers): send HSTS. */
  https?: boolean;
  /** Extra `<head>` markup for the page at a path: what its first screen needs, asked for early. */
  headFor?: (pathname: string) => string;
  /**
   * The page for a request with its first screen's frame (shell/server/first-paint.ts), given the request's path,
   * query and cookies (a signed-in page draws the signed-in frame, the account the customer's cards); `personal`
   * when the page holds the customer's data.
   */
  firstPaint?: (html: string, request: PageRequest) => Promise<{ html: string; personal: boolean }>;
}

/** Serves one built app (the shell or a remote) with the cache policy of `cache-policy.ts`. */
export async function startStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  // A stop closes every connection: a browser's preconnects (the remotes' origins) otherwise hold Node's close
  // until their headers timeout, past `npm start`'s stop budget; what is cut is a file download, asked again.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  // Every script is sent compressed: on a phone's connection the bytes are the wait.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(
    helmet,
    options.appPolicy ? appHelmetOptions(options.appPolicy) : assetHelmetOptions(options.https ?? false),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
  const appPolicy = options.appPolicy;
  if (appPolicy) {
    // The content preview is the one page the content site (WordPress admin) may frame.
    app.addHook('onSend', async (request, reply) => {
      if ((request.url.split('?')[0] ?? '') !== CONTENT_PREVIEW_PATH) return;
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        reply.header('content-security-policy', withPreviewFrameAncestors(policy, appPolicy));
      }
      reply.removeHeader('x-frame-options');
    });
  }
  if (options.allowAnyOrigin) {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
    });
  }
  for (const [route, body] of Object.entries(options.json ?? {})) {
    // Read by WordPress pages on other origins too (the widget loader).
    app.get(route, async (_request, reply) =>
      reply.header('Cache-Control', NO_CACHE).header('Access-Control-Allow-Origin', '*').send(body),
    );
  }
  // A missing build folder must not crash the server: its files answer 404 and hosts show the fallback.
  const index = path.join(options.root, 'index.html');
  // The page is rendered per answer: its nonce must match this answer's CSP. No validators, so a revalidating
  // browser gets a fresh page and nonce, never a 304 for a page whose nonce no longer matches.
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(index)) return reply.code(404).send('Not found');
    const html = await readFile(index, 'utf8');
    const [pathname = '/', query = ''] = request.url.split('?');
    const head = options.headFor?.(pathname) ?? '';
    const page = html.replace('</head>', `${head}</head>`);
    const painted = options.firstPaint
      ? await options.firstPaint(page, {
          pathname,
          search: new URLSearchParams(query),
          cookieHeader: request.headers.cookie,
        })
      : { html: page, personal: false };
    return reply
      .header('Cache-Control', painted.personal ? PERSONAL : NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(withNonce(painted.html, (reply.cspNonce as { style: string } | null)?.style ?? ''));
  };
  if (options.spaFallback) {
    app.get('/', (request, reply) => sendIndex(request, reply));
    app.get('/index.html', (request, reply) => sendIndex(request, reply));
  }
  if (existsSync(options.root)) {
    await app.register(fastifyStatic, {
      root: options.root,
      cacheControl: false,
      // The app's index.html is served by sendIndex (with its nonce), never as a plain file.
      index: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControlFor(file)),
    });
  }
  if (options.spaFallback) {
    app.setNotFoundHandler((request, reply) => {
      if (
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        !existsSync(index) ||
        /\.\w+$/.test(request.url.split('?')[0] ?? '')
      ) {
        return reply.code(404).send('Not found');
      }
      return sendIndex(request, reply);
    });
  }
  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  return app;
}
