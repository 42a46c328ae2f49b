import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { cacheControlFor, NO_CACHE } from './cache-policy';

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
}

/** Serves one built app (the shell or a remote) with the cache policy of DESIGN.md section 4. */
export async function startStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // Every script is sent compressed: on a phone's connection the bytes are the wait.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
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
  if (existsSync(options.root)) {
    await app.register(fastifyStatic, {
      root: options.root,
      cacheControl: false,
      setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControlFor(file)),
    });
  }
  if (options.spaFallback) {
    const index = path.join(options.root, 'index.html');
    app.setNotFoundHandler((request, reply) => {
      if (
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        !existsSync(index) ||
        /\.\w+$/.test(request.url.split('?')[0] ?? '')
      ) {
        return reply.code(404).send('Not found');
      }
      return reply.header('Cache-Control', NO_CACHE).sendFile('index.html', options.root);
    });
  }
  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  return app;
}
