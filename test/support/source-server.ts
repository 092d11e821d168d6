/**
 * A hostile explorer of the tests' own for `contract source --out`: it answers
 * `/api/v2/smart-contracts/{address}` with a verified contract whose source files (paths and texts)
 * the test chose, so a test can send any file list. `hold` keeps the next answers waiting until
 * released (for Ctrl-C while scout waits).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SourceFileSpec {
  readonly path: unknown;
  readonly code: string;
}

export interface SourceServer {
  readonly url: string;
  /** An address whose contract has `files`: the first is the main file, the rest additional sources. */
  contract(files: readonly SourceFileSpec[]): string;
  /** How many contract requests arrived. */
  readonly requests: () => number;
  /** Answers wait from now on until `release`. */
  hold(): void;
  /** Answers go out again; the held ones are dropped (their clients have gone). */
  release(): void;
  close(): Promise<void>;
}

export async function startSourceServer(): Promise<SourceServer> {
  const bodies = new Map<string, string>();
  let requests = 0;
  let held = false;
  const waiting = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const m = /^\/api\/v2\/smart-contracts\/(0x[0-9a-f]{40})$/i.exec(req.url ?? '');
    requests++;
    const body = m ? bodies.get(m[1]!.toLowerCase()) : undefined;
    if (held) {
      waiting.add(res);
      res.on('close', () => waiting.delete(res));
      return;
    }
    if (body === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    contract(files) {
      const address = '0x' + (bodies.size + 1).toString(16).padStart(40, '0');
      const [main, ...extra] = files;
      bodies.set(
        address,
        JSON.stringify({
          is_verified: true,
          name: 'Hostile',
          language: 'solidity',
          file_path: main?.path ?? 'Main.sol',
          source_code: main?.code ?? 'contract Main {}\n',
          additional_sources: extra.map((f) => ({ file_path: f.path, source_code: f.code })),
          abi: [],
        }),
      );
      return address;
    },
    requests: () => requests,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      for (const res of waiting) res.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of waiting) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
