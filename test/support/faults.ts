/**
 * A fault-injecting proxy on 127.0.0.1 in front of the fake explorer: for each request a plan picks
 * what goes wrong (a proxy's HTML 503, a 429 with or without wait headers, a JSON 502, a dropped
 * connection, a body cut short, a server that never answers, a spent rate-limit budget) or lets it
 * through. It records every request with the fault it got, and says when a given number has arrived.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | 'ok'
  /** 503 with an nginx HTML page. */
  | '503-html'
  /** 429 with no Retry-After and no x-ratelimit-reset. */
  | '429-bare'
  /** 429 with x-ratelimit-reset in milliseconds (Blockscout's own way). */
  | '429-reset'
  /** 429 with Retry-After in seconds (a proxy's way). */
  | '429-retry-after'
  /** 502 with a JSON body, as a gateway sends. */
  | '502-json'
  /** The connection closes before any response. */
  | 'drop'
  /** Headers promise the whole body, half arrives, the connection closes. */
  | 'truncate'
  /** A 200 whose body is cut short but correctly framed: not JSON. */
  | 'bad-json'
  /** A 200 with an HTML page. */
  | 'html-200'
  /** Never answers. */
  | 'hang'
  /** Passes through, saying the rate-limit budget is spent (remaining 0, reset 300 ms). */
  | 'spent'
  /** Passes through after 300 ms. */
  | 'slow';

export interface ProxiedRequest {
  n: number;
  url: string;
  fault: Fault;
}

export interface FaultProxy {
  url: string;
  requests: ProxiedRequest[];
  /** Resolves once `count` requests have arrived (at once if they already have). */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

/** The path of the explorer's indexing status. */
const INDEXING_STATUS = '/api/v2/main-page/indexing-status';

const NGINX_503 = '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** What the upstream said, fetched in full. */
async function upstream(target: string, path: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const res = await fetch(target + path);
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection' && k !== 'keep-alive') headers[k] = v;
  });
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

/**
 * Starts the proxy. `plan(n, url)` is asked for each request (n counts from 0) and says which fault
 * it gets.
 */
export async function startFaultProxy(target: string, plan: (n: number, url: string) => Fault): Promise<FaultProxy> {
  const requests: ProxiedRequest[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    // The indexing status some commands ask beside their own requests (src/run/freshness.ts) goes
    // through unplanned and uncounted: the plan and the record are the command's own requests.
    if (url.startsWith(INDEXING_STATUS)) {
      upstream(target, url).then(
        (up) => {
          // Without the fake's rate-limit headers: they would describe a window other than the one the plan fakes.
          const headers = Object.fromEntries(Object.entries(up.headers).filter(([k]) => !k.startsWith('x-ratelimit-')));
          res.writeHead(up.status, { ...headers, 'content-length': String(up.body.length) }).end(up.body);
        },
        (e: Error) => res.writeHead(599).end(String(e.message)),
      );
      return;
    }
    const n = requests.length;
    const fault = plan(n, url);
    requests.push({ n, url, fault });
    for (const w of waiting.filter((w) => requests.length >= w.count)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
    const json = (status: number, body: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(body);
    switch (fault) {
      case '503-html':
        res.writeHead(503, { 'content-type': 'text/html' }).end(NGINX_503);
        return;
      case '429-bare':
        json(429, '{"message":"Too many requests"}');
        return;
      case '429-reset':
        json(429, '{"message":"Too many requests"}', { 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '150' });
        return;
      case '429-retry-after':
        json(429, '{"message":"Too many requests"}', { 'retry-after': '1' });
        return;
      case '502-json':
        json(502, '{"error":"upstream connect error","source":"upstream"}');
        return;
      case 'drop':
        req.socket.destroy();
        return;
      case 'hang':
        return;
      case 'html-200':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome to nginx!</body></html>');
        return;
    }
    const delay = fault === 'slow' ? 300 : 0;
    setTimeout(() => {
      upstream(target, url).then(
        (up) => {
          if (fault === 'truncate') {
            res.writeHead(up.status, { ...up.headers, 'content-length': String(up.body.length) });
            res.write(up.body.subarray(0, Math.floor(up.body.length / 2)));
            setTimeout(() => req.socket.destroy(), 10);
            return;
          }
          const body = fault === 'bad-json' ? up.body.subarray(0, Math.floor(up.body.length / 2)) : up.body;
          const headers = fault === 'spent' ? { ...up.headers, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '300' } : up.headers;
          res.writeHead(up.status, { ...headers, 'content-length': String(body.length) }).end(body);
        },
        (e: Error) => res.writeHead(599).end(String(e.message)),
      );
    }, delay);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    received: (count) =>
      new Promise<void>((resolve) => {
        if (requests.length >= count) resolve();
        else waiting.push({ count, resolve });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A deterministic pseudo-random source (mulberry32) so a "random" plan is the same every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
