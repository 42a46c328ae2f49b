import { DEFAULT_SITE_CONTENT } from '@credimo/shared/content';
import type { FastifyInstance } from 'fastify';

/**
 * The WordPress plugin serves the site content at /wp-json/react/v2/data. Where no WordPress is configured
 * (PUBLIC_WP_URL unset: a local `npm start`), the API answers the same path with the default content.
 */
export async function contentRoutes(app: FastifyInstance) {
  app.get('/wp-json/react/v2/data', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=300').send(DEFAULT_SITE_CONTENT),
  );
}
