import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Connections a client opened ahead and has not sent a request on (a browser's preconnect, a load balancer's
 * warm pool). Node's `server.close()` closes idle keep-alive connections but waits for these until their headers
 * timeout, so a stop with a browser open hung for its whole budget and exited 1. Tracked from the start, they are
 * destroyed when the stop begins: nothing is lost (no request was on them; a client retries on a new connection),
 * while a connection carrying a request is left to finish it, as Node and Fastify do.
 */
export function trackUnusedConnections(server: Server): { destroy: () => void } {
  const unused = new Set<Socket>();
  let stopping = false;
  server.on('connection', (socket: Socket) => {
    // One accepted in the instant between the stop's start and the server's close would hold it again.
    if (stopping) return void socket.destroy();
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));
  return {
    destroy() {
      stopping = true;
      for (const socket of unused) socket.destroy();
      unused.clear();
    },
  };
}
