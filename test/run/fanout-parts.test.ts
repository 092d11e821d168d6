/**
 * `--chains` with what a list filters here and what an object's view asks beside it: `address
 * tokens` leaves the scam tokens out of a terminal's table on every chain, with one count on stderr,
 * and `tx show` shows a blob transaction's blobs from the chain that has it. Two fake explorers, named
 * in a chain registry cache of the test's own.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOB_HASHES } from '../support/data.js';
import { AIRDROP_SCAM, AREA } from '../support/fake/address-data.js';
import { runScout } from '../support/scout.js';
import { type FakeServer, PAGE_SIZE, startServer, TX } from '../support/server.js';

let one: FakeServer;
let two: FakeServer;
let config: string;
beforeAll(async () => {
  [one, two] = await Promise.all([startServer(), startServer()]);
  config = mkdtempSync(join(tmpdir(), 'scout-fanout-parts-'));
  mkdirSync(join(config, 'scout'));
  const entry = (name: string, id: string, url: string) => ({ id, name, names: [name], explorer: url, coin: 'TST', testnet: false, blockscout: true, source: 'registry' });
  const chains = [entry('one', '41001', one.url), entry('two', '41002', two.url)];
  writeFileSync(join(config, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains }));
});
afterAll(() => Promise.all([one.close(), two.close()]));

const scout = (args: string[], tty: boolean) => runScout(args, { env: { XDG_CONFIG_HOME: config }, stdoutIsTTY: tty, width: 160, color: false });
const SCAM_ON_PAGE_1 = AIRDROP_SCAM.filter((n) => n < PAGE_SIZE).length;

describe('--chains', () => {
  it('address tokens on a terminal: scam tokens left out on every chain, counted once on stderr', async () => {
    const r = await scout(['address', 'tokens', AREA.airdropped, '--chains', 'one,two'], true);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/CLAIM\d+/);
    expect(r.stderr).toContain(`scout: note: ${2 * SCAM_ON_PAGE_1} tokens the explorer marks as scam left out; --show-scam shows them\n`);
  });

  it('address tokens piped keeps them, on every chain', async () => {
    const r = await scout(['address', 'tokens', AREA.airdropped, '--chains', 'one,two'], false);
    expect(r.stdout.split('\n').filter((l) => /\tCLAIM4\t/.test(l))).toHaveLength(2);
    expect(r.stderr).not.toContain('marks as scam');
  });

  it('tx show of a blob transaction: its blobs, from the chain that has it', async () => {
    const r = await scout(['tx', 'show', TX.blob, '--chains', 'one,two'], false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter((l) => /^(\S+\t)?Blob\t/.test(l)).map((l) => l.split('\t').at(-3))).toEqual([...BLOB_HASHES]);
  });
});
