/**
 * A hostile server against the whole command (in process, a real node:http server on 127.0.0.1): a
 * 2xx body that is not JSON is described, never quoted (it may be a key or escape sequences); a body
 * past --max-body stops at once and is not retried; empty pages with ever-new cursors end; and
 * settings that could never work (a --timeout past what a timer holds, a key that cannot go into a
 * header) are refused before any request.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let handler: Handler;
let requests: string[];
let base: string;
const server = createServer((req, res) => {
  requests.push(req.url ?? '');
  handler(req, res);
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));
beforeEach(() => {
  requests = [];
  handler = (_req, res) => res.writeHead(500).end();
});

const reply = (status: number, contentType: string, body: string | Buffer): Handler => (_req, res) => res.writeHead(status, { 'content-type': contentType }).end(body);

/** Runs `scout …args` in process with a fresh home; returns the exit code and what it printed. */
async function scout(args: string[], env: Record<string, string> = {}, home = mkdtempSync(join(tmpdir(), 'scout-hostile-'))) {
  const io = memoryIo({ stdoutIsTTY: false, stderrIsTTY: false, env: { HOME: home, XDG_CONFIG_HOME: home, ...env } });
  const code = await run(['node', 'scout', ...args], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const ADMIN_KEY = 'ADMKEY-91bd22';
const HOSTILE = '\u001b]52;c;ZWNobyBwd25lZA==\u0007\u001b]0;pwned\u0007\u001b[2J';

describe('a 2xx body that is not JSON is described, never quoted', () => {
  it.each([[[]], [['--verbose']]])('an admin API answering the admin key as text/plain does not print it (%j)', async (extra) => {
    handler = reply(200, 'text/plain', ADMIN_KEY);
    const r = await scout(['admin', 'networks', '--admin-url', base, '--api-key', ADMIN_KEY, '--retries', '1', ...extra]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain(ADMIN_KEY);
    expect(r.stderr).toContain(`scout: unusable response from ${base}: not JSON (content-type text/plain, 13 bytes) (after 1 retry)\n`);
    expect(requests).toHaveLength(2);
  });

  it.each([[[]], [['--verbose']], [['--limit', '5']]])('escape sequences in such a body never reach stderr raw (%j)', async (extra) => {
    handler = reply(200, 'text/plain', HOSTILE);
    const r = await scout(['--base-url', base, '--retries', '0', 'api', 'stats', ...extra]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(CONTROL);
    expect(r.stderr).not.toContain('pwned');
    expect(r.stderr).toContain(`not JSON (content-type text/plain, ${Buffer.byteLength(HOSTILE)} bytes)`);
  });

  it('a chain registry that is not JSON is not quoted either', async () => {
    handler = reply(200, 'text/plain', HOSTILE);
    const r = await scout(['chains', '--refresh', '--registry-url', `${base}/api/chains`, '--retries', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(CONTROL);
    expect(r.stderr).not.toContain('pwned');
  });
});

describe('--max-body', () => {
  const LIST = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ n: i, pad: 'x'.repeat(40) })), next_page_params: null });

  it('a body past the cap: exit 1, one line naming the cap, no retry', async () => {
    handler = reply(200, 'application/json', LIST);
    const r = await scout(['--base-url', base, 'api', 'stats', '--max-body', '1KiB']);
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `scout: response from ${base} is larger than 1 KiB (--max-body)\nscout: raise --max-body if the answer is expected to be that large\n`,
    });
    expect(requests).toHaveLength(1);
  });

  it('SCOUT_MAX_BODY and "max-body" in the config file set it too; a larger cap reads the body', async () => {
    handler = reply(200, 'application/json', LIST);
    expect((await scout(['--base-url', base, 'api', 'stats'], { SCOUT_MAX_BODY: '2000' })).stderr).toMatch(/is larger than 2 KB \(--max-body\)/);
    const home = mkdtempSync(join(tmpdir(), 'scout-hostile-'));
    mkdirSync(join(home, 'scout'));
    writeFileSync(join(home, 'scout', 'config.json'), JSON.stringify({ 'max-body': '512B' }));
    expect((await scout(['--base-url', base, 'api', 'stats'], {}, home)).stderr).toMatch(/is larger than 512 bytes \(--max-body\)/);
    const ok = await scout(['--base-url', base, 'api', 'stats', '--max-body', '4KiB'], { SCOUT_MAX_BODY: '1KiB' });
    expect([ok.code, ok.stderr, ok.stdout.length > LIST.length]).toEqual([0, '', true]);
  });

  it('a registry past the cap leaves the chains cache alone', async () => {
    handler = reply(200, 'application/json', JSON.stringify({ 1: { name: 'X', explorers: [{ url: 'https://x.example' }] }, pad: 'y'.repeat(4096) }));
    const home = mkdtempSync(join(tmpdir(), 'scout-hostile-'));
    const r = await scout(['chains', '--refresh', '--registry-url', `${base}/api/chains`, '--max-body', '1KiB'], {}, home);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`scout: response from ${base} is larger than 1 KiB (--max-body)\n`);
    expect(existsSync(join(home, 'scout', 'chains.json'))).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('a bad size is exit 2 before any request', async () => {
    const r = await scout(['--base-url', base, 'api', 'stats', '--max-body', '64MB!']);
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'scout: invalid --max-body "64MB!": expected a size from 1 byte to 500 MiB, in bytes or with a unit (512KiB, 10MB, 64MiB)\nscout: see \'scout api --help\'\n' });
    expect(requests).toEqual([]);
  });
});

describe('empty pages with ever-new cursors', () => {
  it('--limit 5 stops after 5 empty pages in a row: the items so far stay printed, exit 1', async () => {
    handler = (req, res) => {
      const p = Number(new URL(req.url ?? '/', base).searchParams.get('p') ?? 0);
      const items = p === 0 ? '[{"n":1},{"n":2}]' : '[]';
      // Ends by itself after 100 pages, so a client that never stops still finishes.
      const next = p < 100 ? `{"p":${p + 1}}` : 'null';
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"items":${items},"next_page_params":${next}}`);
    };
    const r = await scout(['--base-url', base, 'api', 'addresses/0x0000000000000000000000000000000000000001/transactions', '--limit', '5', '--ndjson']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('{"n":1}\n{"n":2}\n');
    expect(r.stderr).toBe(
      'scout: the server returned 5 empty pages in a row, each with a new cursor (/api/v2/addresses/0x0000000000000000000000000000000000000001/transactions); stopping instead of asking forever\n' +
        'scout: the items printed so far are complete up to this point\n',
    );
    expect(requests).toHaveLength(6);
  });
});

describe('settings that could never work are refused before any request', () => {
  it('--timeout past what a timer holds: exit 2 naming the maximum', async () => {
    for (const args of [['--timeout', '2147484'], []]) {
      const r = await scout(['--base-url', base, ...args, 'api', 'stats'], args.length ? {} : { SCOUT_TIMEOUT: '2147484' });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^scout: invalid (--timeout|SCOUT_TIMEOUT) "2147484": expected a duration from 1ms to 2147483s \(about 24 days\), in seconds or with a unit ms, s, m, h or d \(30, 1\.5, 500ms, 5m, 1d\)\nscout: see '(scout api --help|scout help environment)'\n$/);
    }
    expect(requests).toEqual([]);
  });

  const BAD_KEYS = [
    ['CR/LF', 'sk-key\r\nX-Injected: 1'],
    ['ESC', 'sk-key\u001b[2J'],
    ['DEL', 'sk-key\u007f'],
    ['non-Latin-1', 'sk-key\u2603'],
  ];

  it.each(BAD_KEYS)('an explorer, PRO or admin key with %s: exit 2, one line, the key not shown', async (_name, key) => {
    const runs = [
      await scout(['--base-url', base, '--explorer-key', key, 'api', 'stats']),
      await scout(['--base-url', base, 'api', 'stats'], { SCOUT_EXPLORER_KEY: key }),
      await scout(['--chain', '8453', '--pro', '--explorer-key', key, 'api', 'stats'], { SCOUT_PRO_URL: base }),
      await scout(['--admin-url', base, '--api-key', key, 'admin', 'networks']),
      await scout(['--admin-url', base, 'admin', 'networks'], { SCOUT_ADMIN_KEY: key }),
    ];
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^scout: invalid (explorer|admin) key \([^)]+\): character 7 is (a control character|outside Latin-1); a key is sent in an HTTP header\nscout: see '(scout (api|admin networks) --help|scout help environment)'\n$/);
      expect(r.stderr).not.toContain('sk-key');
    }
    expect(requests).toEqual([]);
  });

  it('a key file holding two lines is refused the same way', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-hostile-'));
    writeFileSync(join(dir, 'key'), 'sk-key\nsecond-line\n');
    const r = await scout(['--admin-url', base, '--api-key-file', join(dir, 'key'), 'admin', 'networks']);
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'scout: invalid admin key (--api-key-file): character 7 is a control character; a key is sent in an HTTP header\nscout: see \'scout admin networks --help\'\n' });
    expect(requests).toEqual([]);
  });
});
