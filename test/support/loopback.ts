/** A node:http server of a test's own on 127.0.0.1, for a hostile explorer the test writes in a few lines. */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Loopback {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Drops open connections (keep-alive ones too) and stops listening. */
  close(): Promise<void>;
}

/** Starts `listener` on a free port of 127.0.0.1. */
export async function listenLoopback(listener: RequestListener): Promise<Loopback> {
  const server = createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
