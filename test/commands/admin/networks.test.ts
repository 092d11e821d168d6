/**
 * `scout admin networks`: the networks' own explorer API keys are secrets. Tables (terminal and
 * piped) and CSV leave them out unless `--show-secrets`; `--json` is what the API sent.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../src/cli.js';
import { memoryIo } from '../../../src/base/io.js';
import { runScout } from '../../support/scout.js';
import { COUNTS, type FakeServer, NETWORK_API_KEYS, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const admin = (...args: string[]) => runScout(['admin', 'networks', '--admin-url', srv.url, '--api-key', 'admin-secret', ...args]);

/** The command run in-process with stdout a terminal, so the table is the terminal table. */
async function terminalTable(...args: string[]): Promise<string> {
  const home = mkdtempSync(join(tmpdir(), 'scout-admin-'));
  const io = memoryIo({ stdoutIsTTY: true, width: 300, env: { HOME: home, XDG_CONFIG_HOME: home } });
  const code = await run(['node', 'scout', 'admin', 'networks', '--admin-url', srv.url, '--api-key', 'admin-secret', ...args], io);
  expect(io.stderr()).toBe('');
  expect(code).toBe(0);
  return io.stdout();
}

const keysIn = (text: string) => NETWORK_API_KEYS.filter((k) => text.includes(k));

describe('admin networks keeps the network keys secret', () => {
  it('piped: one line per network with chain id, name, domain and RPC URL, and no key', async () => {
    const r = await admin();
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(COUNTS.networks);
    expect(lines[0]!.split('\t').slice(0, 3)).toEqual(['1', 'Ethereum', 'eth.blockscout.com']);
    expect(lines[0]).toContain('https://rpc.fake.invalid/eth');
    expect(keysIn(r.stdout)).toEqual([]);
  });

  it('CSV and the terminal table leave the keys out too', async () => {
    const csv = await admin('--csv');
    expect(csv.code).toBe(0);
    expect(keysIn(csv.stdout)).toEqual([]);
    const table = await terminalTable();
    expect(table).toMatch(/CHAIN.*NAME.*DOMAIN.*ACTIVE.*RPC.*SKEW/);
    expect(table).toContain('base.blockscout.com');
    expect(keysIn(table)).toEqual([]);
  });

  it('--show-secrets adds the keys: piped, CSV and on a terminal', async () => {
    for (const r of [await admin('--show-secrets'), await admin('--show-secrets', '--csv')]) {
      expect(r.code).toBe(0);
      expect(keysIn(r.stdout)).toEqual(NETWORK_API_KEYS);
    }
    expect(keysIn(await terminalTable('--show-secrets'))).toEqual(NETWORK_API_KEYS);
  });

  it('--json is the items as the API sent them, keys included', async () => {
    const r = await admin('--json');
    const items = JSON.parse(r.stdout) as { blockscout_api_key?: string }[];
    expect(items.map((n) => n.blockscout_api_key)).toEqual([...NETWORK_API_KEYS, undefined]);
  });
});
