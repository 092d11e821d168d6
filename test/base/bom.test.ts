/**
 * The one BOM strip at work (issue 21): a config file saved with a byte order mark is read and
 * rewritten by `scout config set`; an explorer answer that starts with one prints the same whether it
 * came from the server or from the --cache entry kept of it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Loopback, listenLoopback } from '../support/loopback.js';
import { runScout } from '../support/scout.js';

const TX = '0x' + 'ab'.repeat(32);
const DOC = `{"hash":"${TX}","value":"1000000000000000000000001","n":2.0e3}`;

let srv: Loopback;
let requests = 0;
let home: string;
beforeAll(async () => {
  srv = await listenLoopback((_req, res) => (requests++, res.writeHead(200, { 'content-type': 'application/json' }).end(`\ufeff${DOC}`)));
});
afterAll(() => srv.close());
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'scout-bom-'));
  requests = 0;
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const env = () => ({ XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache') });
const configFile = () => join(home, 'config', 'scout', 'config.json');

describe('a byte order mark', () => {
  it('before a config file is read past, and `scout config set` keeps the file working', async () => {
    mkdirSync(join(home, 'config', 'scout'), { recursive: true });
    writeFileSync(configFile(), `\ufeff{"base-url": "${srv.url}"}`, { mode: 0o600 });
    const r = await runScout(['tx', 'show', TX, '--json'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${DOC}\n`);
    const set = await runScout(['config', 'set', 'retries', '1'], { env: env() });
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ 'base-url': srv.url, retries: 1 });
  });

  it('before an answer is dropped alike from the server and from the cache', async () => {
    const run = () => runScout(['tx', 'show', TX, '--json', '--cache', '1h', '--base-url', srv.url], { env: env() });
    const first = await run();
    const second = await run();
    expect(requests).toBe(1);
    expect(first).toMatchObject({ code: 0, stderr: '', stdout: `${DOC}\n` });
    expect(second).toMatchObject({ code: 0, stderr: '', stdout: `${DOC}\n` });
  });
});
