/**
 * Local input is hostile too (a pasted command line, a generated config, a script's variables): what
 * scout echoes from it reaches the terminal only as safe text, URL credentials are refused and never
 * echoed, and an `api` path cannot climb out of the base URL's path. Every refusal is exit 2 with
 * nothing sent. In-process against the local fake.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { apiPath } from '../../src/commands/api/api.js';
import { UsageError } from '../../src/base/errors.js';
import { memoryIo } from '../../src/base/io.js';
import { ADDR, type FakeServer, startServer } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

async function scout(...args: string[]) {
  const before = srv.requests.length;
  const io = memoryIo({ env: { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'scout-input-')) } });
  const code = await run(['node', 'scout', '--base-url', srv.url, ...args], io);
  return { code, stdout: io.stdout(), stderr: io.stderr(), sent: srv.requests.length - before };
}

describe('echoed local input is safe text', () => {
  it.each([
    ['an unknown option', ['address', 'txs', ADDR.rich, '--x\u001b]52;c;ZXZpbA==\u0007'], /unknown option '--x␛\]52;c;ZXZpbA==␇'/],
    ['an unknown command', ['\u009b31mtx'], /unknown command '<U\+009B>31mtx'/],
    ['an api path with CR/LF', ['api', 'stats\r\nscout: fake line'], /^scout: invalid path "stats␍␊scout: fake line": it holds spaces or control characters$/m],
    ['an api path with an escape', ['api', 'stats\u001b[2J'], /^scout: invalid path "stats␛\[2J"/m],
    ['a -F without =', ['api', 'stats', '-F', '\u001b[8m'], /^scout: invalid -F "␛\[8m": expected key=value$/m],
    ['an address', ['address', 'txs', '0x\u202e1234'], /^scout: invalid address "0x<U\+202E>1234"/m],
    ['a cursor', ['address', 'txs', ADDR.rich, '--cursor', '{\u001b[2J'], /^scout: unreadable cursor "\{␛\[2J"$/m],
    ['a help topic', ['help', 'x\u001b[2J'], /^scout: no help topic or command "x␛\[2J"$/m],
  ])('%s', async (_name, args, message) => {
    const r = await scout(...args);
    expect(r.code).toBe(2);
    expect(r.sent).toBe(0);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(RAW);
  });
});

describe('URL credentials', () => {
  it.each([
    ['--base-url', ['--base-url', 'http://u:hunter2@127.0.0.1:1', 'address', 'txs', ADDR.rich]],
    ['--admin-url', ['--admin-url', 'https://u:hunter2@merits.example', '--api-key', 'k', 'admin', 'networks']],
    ['--registry-url', ['chains', '--refresh', '--registry-url', 'https://u:hunter2@registry.example/api/chains']],
    ['--registry-url that does not parse', ['chains', '--refresh', '--registry-url', 'https://u:hunter2@registry.example:99999/']],
  ])('in %s are exit 2, nothing sent, the password never printed', async (_name, args) => {
    const r = await scout(...args);
    expect(r).toMatchObject({ code: 2, stdout: '', sent: 0 });
    expect(r.stderr).not.toContain('hunter2');
    expect(r.stderr).toMatch(/^scout: invalid --(base|admin|registry)-url/);
  });
});

describe('an api path stays under the base URL path', () => {
  const refused = (p: string) => {
    try {
      apiPath(p);
    } catch (e) {
      return e instanceof UsageError;
    }
    return false;
  };

  it.each(['../x', 'stats/../../x', '/api/v2/./stats', '..', 'a/%2e%2e/b', 'a/%2E%2E/b', '%2e', 'a%2fb', 'a%2Fb', 'a%5cb', 'a\\..\\b', 'a/.%2e/b'])('%s is refused', (p) => {
    expect(refused(p)).toBe(true);
  });

  it.each([
    ['stats', '/api/v2/stats'],
    ['/api/v2/tokens/0xabc/instances', '/api/v2/tokens/0xabc/instances'],
    ['smart-contracts/v1.2/x..y', '/api/v2/smart-contracts/v1.2/x..y'],
    ['a/%20b', '/api/v2/a/%20b'],
  ])('%s is fine', (p, expected) => {
    expect(apiPath(p)).toBe(expected);
  });

  it('a refused path is exit 2 and sends nothing', async () => {
    const r = await scout('api', '/api/v2/%2E%2E/%2e%2e/admin');
    expect(r).toMatchObject({ code: 2, sent: 0 });
    expect(r.stderr).toBe('scout: invalid path "/api/v2/%2E%2E/%2e%2e/admin": percent-encoded dots and slashes and backslashes are not allowed\nscout: see \'scout api --help\'\n');
  });
});

describe('the next-page hint repeats what was typed, as safe text a shell reads back', () => {
  it('a -F field name with an escape and a bidi override is written in $\'…\' quoting (the value masked)', async () => {
    // Any path is a list with a next page here.
    const lists = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[{"a":1}],"next_page_params":{"p":2}}'));
    await new Promise<void>((resolve) => lists.listen(0, '127.0.0.1', resolve));
    try {
      const io = memoryIo({ env: { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'scout-input-')) } });
      const value = "no\u001b[2J it's\u202e\\te=secret";
      const code = await run(['node', 'scout', '--base-url', `http://127.0.0.1:${(lists.address() as AddressInfo).port}`, 'api', 'things', '-F', value], io);
      expect(code).toBe(0);
      expect(io.stderr()).not.toMatch(RAW);
      expect(io.stderr()).not.toContain('secret');
      const word = /(\$'no.*') --cursor /.exec(io.stderr())?.[1];
      expect(word).toBe("$'no\\x1b[2J it\\'s\\u202e\\\\te=***'");
      if (process.platform !== 'win32') expect(execFileSync('bash', ['-c', `printf %s ${word}`], { encoding: 'utf8' })).toBe(value.replace('secret', '***'));
    } finally {
      lists.closeAllConnections();
      await new Promise((resolve) => lists.close(resolve));
    }
  });
});
