import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Once the app begins to close, every answer still being made closes its connection after it. Node's
 * `server.close()` ends only the keep-alive connections idle at that instant: one whose answer was in flight then
 * stayed open after the answer for the whole keep-alive timeout (72 s in Fastify), and the stop waited for it (a
 * test API's close for 70 s; the API process past its stop budget, exiting 1 as if a request had hung).
 */
export const closeConnectionsOnClosing = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // A callback hook: no promise per answer on the polls.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});
