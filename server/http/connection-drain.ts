import type { Server } from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

interface Tracked {
  /** Requests of the connection not yet answered. */
  busy: number;
  /** When its last answer ended, or when it opened. */
  idleSince: number;
}

/**
 * The end of a server's connections at shutdown, after the drain (`app.startDraining()`: every answer closes its
 * connection). Node's `server.close()` destroys every idle connection at once, and a connection accepted a moment
 * before whose request is still on its way counts as idle: its client gets a reset. So the server first stops taking
 * connections (the listening socket alone), keeps serving those it has, each answer closing its own, and only once
 * none has an answer pending and every one left has been idle for `quietMs` (or `timeoutMs` passed) does
 * `app.close()` destroy the idle ones. What is left then is a connection its client has not used since before it was
 * told to go (readiness 503) for the whole drain and the quiet time.
 */
export function connectionDrain(server: Server) {
  const connections = new Map<Socket, Tracked>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request, response) => {
    const tracked = connections.get(request.socket);
    if (!tracked) return;
    tracked.busy += 1;
    response.once('close', () => {
      tracked.busy -= 1;
      tracked.idleSince = Date.now();
    });
  });

  const settled = (quietMs: number) => {
    const now = Date.now();
    for (const { busy, idleSince } of connections.values()) if (busy > 0 || now - idleSince < quietMs) return false;
    return true;
  };

  return {
    /** Open connections (tests). */
    get open() {
      return connections.size;
    },

    /** Stops taking connections, then waits until the ones left are quiet (see above), at most `timeoutMs`. */
    async stopAccepting({ quietMs, timeoutMs }: { quietMs: number; timeoutMs: number }) {
      // The listening socket only: http.Server#close would also destroy the idle connections now.
      if (server.listening) net.Server.prototype.close.call(server);
      const deadline = Date.now() + timeoutMs;
      while (!settled(quietMs) && Date.now() < deadline) await sleep(Math.min(50, quietMs));
    },
  };
}

export type ConnectionDrain = ReturnType<typeof connectionDrain>;
