/**
 * The config file and the environment, through the CLI (in-process) against the local server: each source
 * is used when nothing above it says otherwise, a lower source pointing at a dead port proves it was
 * not used, broken and world-readable files are reported, and `scout config path` says where.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli.js';
import { memoryIo } from '../../../src/base/io.js';
import { runScout } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

/** A valid address with no activity: one empty page, no next-page hint on stderr. */
const A = ADDR.empty;
/** Nothing listens here: a request that goes there fails (exit 1). */
const DEAD = 'http://127.0.0.1:9';

/** A fresh XDG_CONFIG_HOME whose scout/config.json holds `config` (object or raw text). */
function configHome(config?: Record<string, unknown> | string, mode = 0o600): { XDG_CONFIG_HOME: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'scout-xdg-'));
  const file = join(dir, 'scout', 'config.json');
  if (config !== undefined) {
    mkdirSync(join(dir, 'scout'));
    writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
    chmodSync(file, mode);
  }
  return { XDG_CONFIG_HOME: dir, file };
}

/** Requests the server received while `fn` ran. */
async function requestsDuring<T>(fn: () => Promise<T>): Promise<[T, FakeServer['requests']]> {
  const before = srv.requests.length;
  const r = await fn();
  return [r, srv.requests.slice(before)];
}

describe('where the explorer comes from', () => {
  it('the config file names the base URL', async () => {
    const { XDG_CONFIG_HOME } = configHome({ 'base-url': srv.url });
    const [r, reqs] = await requestsDuring(() => runScout(['address', 'txs', A, '--ndjson'], { env: { XDG_CONFIG_HOME } }));
    expect(r.code).toBe(0);
    expect(reqs.map((q) => q.path)).toEqual([`/api/v2/addresses/${A}/transactions`]);
  });

  it('SCOUT_BASE_URL beats the config file', async () => {
    const { XDG_CONFIG_HOME } = configHome({ 'base-url': DEAD });
    const r = await runScout(['address', 'txs', A, '--ndjson', '--retries', '0'], { env: { XDG_CONFIG_HOME, SCOUT_BASE_URL: srv.url } });
    expect(r).toMatchObject({ code: 0, stderr: '' });
  });

  it('--base-url beats SCOUT_BASE_URL and the config file', async () => {
    const { XDG_CONFIG_HOME } = configHome({ 'base-url': DEAD });
    const r = await runScout(['address', 'txs', A, '--ndjson', '--retries', '0', '--base-url', srv.url], { env: { XDG_CONFIG_HOME, SCOUT_BASE_URL: DEAD } });
    expect(r.code).toBe(0);
  });

  it('--base-url beats --chain, SCOUT_CHAIN and a chain in the file', async () => {
    const { XDG_CONFIG_HOME } = configHome({ chain: 'gnosis' });
    const r = await runScout(['--chain', 'base', 'address', 'txs', A, '--ndjson', '--base-url', srv.url], { env: { XDG_CONFIG_HOME, SCOUT_CHAIN: 'celo' } });
    expect(r.code).toBe(0);
  });

  it('a base URL in the environment beats a chain in the file', async () => {
    const { XDG_CONFIG_HOME } = configHome({ chain: 'gnosis' });
    const r = await runScout(['address', 'txs', A, '--ndjson'], { env: { XDG_CONFIG_HOME, SCOUT_BASE_URL: srv.url } });
    expect(r.code).toBe(0);
  });

  it('an unknown chain in the environment is exit 2 before any request, with the nearest names', async () => {
    const [r, reqs] = await requestsDuring(() => runScout(['address', 'txs', A], { env: { SCOUT_CHAIN: 'arbitrun' } }));
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe('scout: unknown chain "arbitrun" (from SCOUT_CHAIN)\nscout: did you mean arbitrum? (`scout chains` lists them; `scout chains --refresh` fetches the full registry)\nscout: see \'scout help environment\'\n');
    expect(reqs).toEqual([]);
  });

  it('tables label values with the chosen chain’s coin', async () => {
    const { XDG_CONFIG_HOME } = configHome();
    const io = memoryIo({ stdoutIsTTY: true, width: 160, env: { XDG_CONFIG_HOME, HOME: XDG_CONFIG_HOME } });
    const code = await run(['node', 'scout', '--chain', 'gnosis', '--base-url', srv.url, 'tx', 'show', TX.ok], io);
    expect(io.stderr()).toBe('');
    expect(code).toBe(0);
    expect(io.stdout()).toMatch(/^Value\s+.*\bXDAI\b/m);
    expect(io.stdout()).not.toMatch(/\bETH\b/);
  });
});

describe('keys from the config file', () => {
  it('the explorer key goes to the explorer as x-api-key; SCOUT_EXPLORER_KEY beats it', async () => {
    const { XDG_CONFIG_HOME } = configHome({ 'base-url': srv.url, 'explorer-key': 'file-explorer-key' });
    const [r1, q1] = await requestsDuring(() => runScout(['address', 'txs', A, '--ndjson'], { env: { XDG_CONFIG_HOME } }));
    const [r2, q2] = await requestsDuring(() => runScout(['address', 'txs', A, '--ndjson'], { env: { XDG_CONFIG_HOME, SCOUT_EXPLORER_KEY: 'env-explorer-key' } }));
    expect([r1.code, r2.code]).toEqual([0, 0]);
    expect(q1[0]?.headers['x-api-key']).toBe('file-explorer-key');
    expect(q2[0]?.headers['x-api-key']).toBe('env-explorer-key');
    expect(r1.stderr + r2.stderr).toBe('');
  });

  it('the admin key and URL come from the file; the key goes to the admin host only, never printed', async () => {
    const { XDG_CONFIG_HOME } = configHome({ 'admin-url': srv.url, 'api-key': 'admin-secret', 'base-url': DEAD });
    const [r, reqs] = await requestsDuring(() => runScout(['admin', 'networks', '--json', '--verbose'], { env: { XDG_CONFIG_HOME } }));
    expect(r.code).toBe(0);
    expect(reqs.map((q) => [q.path, q.headers.authorization])).toEqual([['/admin/api/v1/networks', 'Bearer admin-secret']]);
    expect(r.stdout + r.stderr).not.toContain('admin-secret');
  });
});

describe('broken and exposed config files', () => {
  it('invalid JSON is exit 2 naming the file, nothing sent, the file’s text not echoed', async () => {
    const { XDG_CONFIG_HOME, file } = configHome('{"base-url": "' + srv.url + '", "explorer-key": "sk-live-123" "chain": 1}');
    const [r, reqs] = await requestsDuring(() => runScout(['address', 'txs', A], { env: { XDG_CONFIG_HOME } }));
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr.split('\n')[0]).toBe(`scout: invalid config file ${file}: not valid JSON (line 1, column ${('{"base-url": "' + srv.url + '", "explorer-key": "sk-live-123" ').length + 1})`);
    expect(r.stderr).not.toContain('sk-live-123');
    expect(reqs).toEqual([]);
  });

  it('a wrong type is exit 2 naming the file and the key', async () => {
    const { XDG_CONFIG_HOME, file } = configHome({ 'base-url': srv.url, timeout: 'soon' });
    const r = await runScout(['address', 'txs', A], { env: { XDG_CONFIG_HOME } });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`scout: invalid "timeout" in ${file} "soon": expected a duration from 1ms to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)`);
  });

  it('a file holding a key that others can read gets a warning, and the command still runs', async () => {
    const { XDG_CONFIG_HOME, file } = configHome({ 'base-url': srv.url, 'explorer-key': 'k-123456' }, 0o644);
    const r = await runScout(['address', 'txs', A, '--ndjson'], { env: { XDG_CONFIG_HOME } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`scout: warning: ${file} holds a key and other users can read it; run: chmod 600 ${file}\n`);
    chmodSync(file, 0o600);
    expect((await runScout(['address', 'txs', A, '--ndjson'], { env: { XDG_CONFIG_HOME } })).stderr).toBe('');
  });
});

describe('scout config path', () => {
  it('prints $XDG_CONFIG_HOME/scout/config.json, else ~/.config/scout/config.json, without reading it', async () => {
    const { XDG_CONFIG_HOME, file } = configHome('{broken');
    expect(await runScout(['config', 'path'], { env: { XDG_CONFIG_HOME } })).toMatchObject({ code: 0, stdout: file + '\n', stderr: '' });
    const home = mkdtempSync(join(tmpdir(), 'scout-home-'));
    expect((await runScout(['config', 'path'], { env: { XDG_CONFIG_HOME: undefined, HOME: home } })).stdout).toBe(join(home, '.config', 'scout', 'config.json') + '\n');
  });
});
