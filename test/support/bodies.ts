/**
 * A bare explorer for shape tests: it answers each path with the body the test set for it (200,
 * application/json) and 404 `{"message":"Not found"}` otherwise, on 127.0.0.1.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BodyServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Path → body served for it. */
  bodies: Map<string, string>;
  close(): Promise<void>;
}

export async function serveBodies(): Promise<BodyServer> {
  const bodies = new Map<string, string>();
  const server = createServer((req, res) => {
    const body = bodies.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (body === undefined) res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
