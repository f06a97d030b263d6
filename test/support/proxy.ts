// A TCP proxy in front of a service, whose connections a test can cut (as a network change or a
// laptop's sleep would) and refuse.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** A TCP proxy in front of the service, whose connections a test can cut and refuse. */
export async function startProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let refusing = false;
  let connections = 0;
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    connections++;
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    /** Drops every open connection, as a network change would. */
    cut() {
      for (const socket of sockets) socket.destroy();
    },
    refuse(on: boolean) {
      refusing = on;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

