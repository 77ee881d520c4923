import { type AddressInfo, createConnection, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a server, for fault tests: `stall()` stops every byte in both directions
 * (and holds new connections) the way a hung database host or a dead network path does, without
 * closing anything; `resume()` lets the held bytes through.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let stalled = false;
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();

  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => {
      if (stalled) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };

  const server = createServer((client) => {
    const upstream = createConnection(target);
    sockets.add(client).add(upstream);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const send of held.splice(0)) send();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
