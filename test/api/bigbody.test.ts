/**
 * Big bodies: a list page of several MB comes out byte-exact in --json and --ndjson while it is read
 * item by item (never parsed whole), a fault midway through it neither loses nor repeats an item,
 * --max-body still holds for a body of no announced length, and a big document prints as sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOLD_BYTES } from '../../src/api/client.js';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { cleanEnv, runCli } from '../support/cli.js';
import { runScout } from '../support/scout.js';

const ADDR = '0x00000000219ab540356cBB839Cbe05303d7705Fa';
const LIST = `/api/v2/addresses/${ADDR}/transactions`;

/**
 * A page of `count` items as the server writes them, and the NDJSON lines scout must print: numbers
 * JSON.parse would change, escapes, text in one to four bytes, characters unsafe on a terminal (sent
 * raw, printed as \u escapes) and items written with spaces (printed compact).
 */
function bigPage(count: number, next = 'null') {
  const sent: string[] = [];
  const want: string[] = [];
  for (let i = 0; i < count; i++) {
    const pad = 'x'.repeat(1500 + (i % 13) * 37);
    const core = `"i":${i},"fee":123456789012345678901234567890,"d":[0,2.0e3],"s":"q\\"}{[\\\\ Ünï ✓ 😀","pad":"${pad}"`;
    if (i % 7 === 0) {
      sent.push(`{ "h": "a\u202eb", ${core.replace(/,/, ' ,\n ')} }`);
      want.push(`{"h":"a\\u202eb",${core}}`);
    } else {
      sent.push(`{${core}}`);
      want.push(`{${core}}`);
    }
  }
  return { body: `{"items":[${sent.join(',')}],"next_page_params":${next}}`, want };
}

type Handler = (n: number, req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_n, _req, res) => res.writeHead(404).end();
let requests = 0;
let base = '';
const server = createServer((req, res) => {
  // Only the list is handled (and counted): the indexing status `address txs` asks beside it is absent here.
  if (req.url?.startsWith('/api/v2/main-page/indexing-status')) return void res.writeHead(404).end();
  handler(requests++, req, res);
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  requests = 0;
  vi.restoreAllMocks();
});

const json = { 'content-type': 'application/json' };
/** Serves `body` whole to every request. */
const serve = (body: string) => (handler = (_n, _req, res) => res.writeHead(200, json).end(body));
/** Writes the first `part` bytes of `body` (announcing all of it), then closes the connection. */
const cutAt = (res: ServerResponse, body: Buffer, part: number) => {
  res.writeHead(200, { ...json, 'content-length': String(body.length) });
  res.write(body.subarray(0, part), () => res.socket?.destroy());
};

/** No JSON.parse call took a text longer than this: nothing parsed the page or document whole. */
function spyParse() {
  const spy = vi.spyOn(JSON, 'parse');
  return () => Math.max(0, ...spy.mock.calls.map((c) => String(c[0]).length));
}

describe('a list page of several MB', () => {
  const page = bigPage(4000);
  const size = Buffer.byteLength(page.body);

  it('is bigger than what is held before items go out', () => {
    expect(size).toBeGreaterThan(HOLD_BYTES * 1.5);
  });

  it.each([
    ['--ndjson', () => page.want.join('\n') + '\n'],
    ['--json', () => `[${page.want.join(',')}]\n`],
  ])('comes out byte-exact with %s, and is never parsed whole', async (mode, want) => {
    serve(page.body);
    const longest = spyParse();
    const r = await runScout(['address', 'txs', ADDR, mode, '--base-url', base]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout === want()).toBe(true);
    expect(longest()).toBeLessThan(100_000);
  });

  it('gets items to stdout while the body is still arriving', async () => {
    const bytes = Buffer.from(page.body);
    let wrote!: () => void;
    const written = new Promise<void>((r) => (wrote = r));
    // Holds the last quarter back until scout has written something: a scout that waited for the
    // whole page would wait forever here.
    handler = (_n, _req, res) => {
      res.writeHead(200, { ...json, 'content-length': String(bytes.length) });
      const part = Math.floor(bytes.length * 0.75);
      res.write(bytes.subarray(0, part));
      void written.then(() => res.end(bytes.subarray(part)));
    };
    const io = memoryIo({ env: cleanEnv() });
    const out = io.out.write;
    io.out.write = (s) => (wrote(), out(s));
    const code = await run(['node', 'scout', 'address', 'txs', ADDR, '--ndjson', '--base-url', base], io);
    expect(io.stderr()).toBe('');
    expect(code).toBe(0);
    expect(io.stdout() === page.want.join('\n') + '\n').toBe(true);
  });

  it.each([
    ['the connection drops', (res: ServerResponse, b: Buffer) => cutAt(res, b, Math.floor(b.length * 0.7))],
    ['the body is cut short but framed', (res: ServerResponse, b: Buffer) => res.writeHead(200, json).end(b.subarray(0, Math.floor(b.length * 0.7)))],
  ])('%s after items went out: the retry prints the rest, each item once', async (_name, fault) => {
    const bytes = Buffer.from(page.body);
    handler = (n, _req, res) => (n === 0 ? fault(res, bytes) : res.writeHead(200, json).end(bytes));
    const r = await runScout(['address', 'txs', ADDR, '--ndjson', '--base-url', base]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(requests).toBe(2);
    expect(r.stdout === page.want.join('\n') + '\n').toBe(true);
  });

  it('a page that comes back different on the retry stops with what was printed, never mixing the two', async () => {
    const bytes = Buffer.from(page.body);
    const other = Buffer.from(bigPage(4000).body.replace('"i":1,', '"i":-1,'));
    handler = (n, _req, res) => (n === 0 ? cutAt(res, bytes, Math.floor(bytes.length * 0.7)) : res.writeHead(200, json).end(other));
    const r = await runScout(['address', 'txs', ADDR, '--ndjson', '--base-url', base]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^scout: unusable response from http:\/\/127\.0\.0\.1:\d+: the page changed while it was read again/);
    const lines = r.stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).toEqual(page.want.slice(0, lines.length));
  });

  it('--max-body stops a body of no announced length as soon as it passes the cap', async () => {
    const bytes = Buffer.from(page.body);
    let sent = 0;
    handler = (_n, req, res) => {
      res.writeHead(200, json); // chunked: no content-length to refuse it by
      const step = () => {
        while (sent < bytes.length) {
          const ok = res.write(bytes.subarray(sent, sent + 65536));
          sent += 65536;
          if (!ok) return void res.once('drain', step);
        }
        res.end();
      };
      req.socket.on('close', () => res.destroy());
      step();
    };
    const r = await runScout(['address', 'txs', ADDR, '--ndjson', '--max-body', '1MiB', '--base-url', base]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`scout: response from ${base} is larger than 1 MiB (--max-body)\nscout: raise --max-body if the answer is expected to be that large\n`);
    expect(r.stdout).toBe('');
    expect(requests).toBe(1);
  });

  it('--limit stops printing in the middle of a streamed page', async () => {
    serve(page.body);
    const r = await runScout(['address', 'txs', ADDR, '--ndjson', '--limit', '3000', '--base-url', base]);
    expect(r.code).toBe(0);
    expect(r.stdout === page.want.slice(0, 3000).join('\n') + '\n').toBe(true);
  });

  it('tables still read the page item by item, never parsing it whole', async () => {
    serve(bigPage(50).body);
    const longest = spyParse();
    const r = await runScout(['address', 'txs', ADDR, '--csv', '--base-url', base]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(51);
    expect(longest()).toBeLessThan(10_000);
  });
});

describe('a big document', () => {
  const items = bigPage(3000).want;
  const compact = `{"hash":"0x${'ab'.repeat(32)}","logs":[${items.join(',')}],"big":1e400,"f":2.0e3,"n":123456789012345678901234567890}`;

  it('prints as sent (trimmed) with api --json and tx show --json, never parsed whole', async () => {
    for (const [path, args] of [
      ['/api/v2/anything', ['api', '/api/v2/anything', '--json']],
      [`/api/v2/transactions/0x${'ab'.repeat(32)}`, ['tx', 'show', '0x' + 'ab'.repeat(32), '--json']],
    ] as const) {
      handler = (_n, req, res) => (new URL(req.url!, base).pathname === path ? res.writeHead(200, json).end(`\n ${compact}\r\n`) : res.writeHead(404).end());
      const longest = spyParse();
      const r = await runScout([...args, '--base-url', base]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout === compact + '\n').toBe(true);
      expect(longest()).toBeLessThan(100_000);
      vi.restoreAllMocks();
    }
  });

  it('prints its bytes as they came from the real process too (UTF-8 of every length, split anywhere)', async () => {
    const doc = `{"s":"${'Ünï ✓ 😀 '.repeat(20_000)}","n":2.0e3}`;
    serve(`\ufeff ${doc}\n`);
    const r = await runCli(['api', '/api/v2/anything', '--json', '--base-url', base]);
    expect(r.stderr).toBe('');
    expect(r.stdout === doc + '\n').toBe(true);
  });

  it.each([
    ['characters unsafe on a terminal', `{"a":"x\u202ey\u0085z\u007f\u{e0041}","b":[1,2.0e3]}`, '{"a":"x\\u202ey\\u0085z\\u007f\\udb40\\udc41","b":[1,2.0e3]}'],
  ])('holding %s, is printed compact with them escaped', async (_name, body, want) => {
    serve(body.repeat(1));
    const r = await runScout(['api', '/api/v2/anything', '--json', '--base-url', base]);
    expect(r.stdout).toBe(want + '\n');
  });

  it('holding bytes that are not UTF-8 prints them replaced, as the whole text decodes them', async () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"x'), Buffer.from([0xff, 0xe2, 0x80]), Buffer.from('y","b":"\u00e9"}')]);
    handler = (_n, _req, res) => res.writeHead(200, json).end(bytes);
    const r = await runScout(['api', '/api/v2/anything', '--json', '--base-url', base]);
    expect(r.stdout).toBe('{"a":"x\ufffd\ufffdy","b":"é"}\n');
  });

  it('with whitespace inside is printed compact, every value as sent', async () => {
    serve(`{ "a" : [ 1 , 2.0e3 ],\n "b": "x\u202ey", "c": {} }`);
    const r = await runScout(['api', '/api/v2/anything', '--json', '--base-url', base]);
    expect(r.stdout).toBe('{"a":[1,2.0e3],"b":"x\\u202ey","c":{}}\n');
  });

  it('that is not JSON is refused as before, after the retries', async () => {
    serve(compact.slice(0, -1));
    const r = await runScout(['api', '/api/v2/anything', '--json', '--retries', '1', '--base-url', base]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^scout: unusable response from http:\/\/127\.0\.0\.1:\d+: not JSON \(content-type application\/json, \d+ bytes\) \(after 1 retry\)\n$/);
    expect(requests).toBe(2);
  });
});
