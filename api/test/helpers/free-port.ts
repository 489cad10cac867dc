// A loopback TCP port that is free right now (never 5432, the system PostgreSQL's): for servers
// the tests start (the API, an embedded PostgreSQL).
import net from 'node:net';

/** A loopback TCP port that is free right now (never 5432). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    if (port !== 5432) return port;
  }
}
