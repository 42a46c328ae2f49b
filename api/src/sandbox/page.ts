import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../documents/html';

export { escapeHtml };

/**
 * The one scaffolding of every sandbox provider page (card tokenization and checkout, Bizum, liveness, bank
 * aggregation): escaped text, a no-store HTML answer, the page frame with its same-origin style and script (no
 * inline code under the pages' strict policy), and the routes that serve those files under the page's path.
 */

/** A sandbox page's answer: HTML, never cached (it carries one request's data). */
export const htmlReply = (reply: FastifyReply) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');

const assets = new Map<string, Buffer>();
const asset = (name: string) => {
  let content = assets.get(name);
  if (!content) {
    content = readFileSync(new URL(`./assets/${name}`, import.meta.url));
    assets.set(name, content);
  }
  return content;
};

export interface SandboxPage {
  /** The page's base path, e.g. /sandbox/card: its style and script are served beneath it. */
  base: string;
  title: string;
  /** A script file of ./assets served as `${base}/${script}`; none for pages that need no code. */
  script?: string;
  body: string;
}

/** The page frame; `body` is trusted markup (escape what comes from a request with escapeHtml). */
export function sandboxPage({ base, title, script, body }: SandboxPage): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${base}/sandbox.css">
${script ? `<script src="${base}/${script}" defer></script>\n` : ''}</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/**
 * Serves the shared style and the given scripts of ./assets under `base` (no-cache: they change with a deploy).
 * `crossOrigin`: the scripts are loaded by pages of other sites (a provider's embedded widget in the app's page).
 */
export function serveSandboxAssets(
  app: FastifyInstance,
  base: string,
  scripts: string[] = [],
  { crossOrigin = false }: { crossOrigin?: boolean } = {},
): void {
  app.get(`${base}/sandbox.css`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(asset('sandbox.css')),
  );
  for (const script of scripts) {
    app.get(`${base}/${script}`, { schema: { hide: true } }, async (_request, reply) => {
      if (crossOrigin) reply.header('cross-origin-resource-policy', 'cross-origin');
      return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(asset(script));
    });
  }
}
