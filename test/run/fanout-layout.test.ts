/**
 * `--chains` tables stay aligned (issue 22, item 8): on a terminal the widths come from every
 * chain's first page, so a later chain whose coin is longer (`XDAI` after `ETH`) or whose names
 * differ lines up with the first, and its addresses are never cut (`0x95d3……`). Two chains of the
 * registry cache on the test explorer, with different coins, at 80 columns, in process.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/render/width.js';
import { ADDR, type FakeServer, startServer } from '../support/server.js';
import { runScout } from '../support/scout.js';

let srv: FakeServer;
let config: string;
/** Gamma's explorer: one transaction of ADDR.rich, with a bigger value and longer names than the test explorer's. */
let gamma: http.Server;
const GAMMA_TX = {
  hash: '0x' + 'c7'.repeat(32),
  block_number: 23116933,
  timestamp: '2025-08-11T09:32:35.000000Z',
  from: { hash: '0x95d3A9b6554f8c99Bd3bEe6BCa24d45140A39981', name: 'A Much Longer Name Than Any On Alpha' },
  to: { hash: ADDR.rich, ens_domain_name: 'scout-rich.eth' },
  value: '123456789012345678901234',
  fee: { type: 'actual', value: '987654321098765432' },
  status: 'ok',
  result: 'success',
  method: 'transfer',
};

beforeAll(async () => {
  srv = await startServer();
  gamma = http.createServer((req, res) => {
    const body = req.url?.startsWith(`/api/v2/addresses/${ADDR.rich}/transactions`) ? { items: [GAMMA_TX], next_page_params: null } : { message: 'Not found' };
    res.writeHead(body.items ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => gamma.listen(0, '127.0.0.1', resolve));
  const gammaUrl = `http://127.0.0.1:${(gamma.address() as AddressInfo).port}`;
  config = mkdtempSync(join(tmpdir(), 'scout-fanout-layout-'));
  mkdirSync(join(config, 'scout'));
  const entry = (id: string, name: string, coin: string, explorer = srv.url) => ({ id, name, names: [name.toLowerCase()], explorer, coin, testnet: false, blockscout: true, source: 'registry' });
  const chains = [entry('31001', 'Alpha', 'ETH'), entry('31002', 'Beta', 'XDAI'), entry('31003', 'Gamma', 'XDAI', gammaUrl)];
  writeFileSync(join(config, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains }));
});
afterAll(async () => {
  await srv.close();
  await new Promise((resolve) => gamma.close(resolve));
  rmSync(config, { recursive: true, force: true });
});

async function table(args: string[]) {
  const r = await runScout(['--retries', '0', ...args], { env: { XDG_CONFIG_HOME: config }, stdoutIsTTY: true, width: 80, color: false });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trimEnd().split('\n');
}

/** Where each column's cells sit, from the header: left-aligned ones start with it, right-aligned ones end with it. */
function expectAligned(lines: readonly string[], right: readonly string[]) {
  const [header, ...rows] = lines;
  const heads = [...header!.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ name: m[0], start: m.index, end: m.index + m[0].length }));
  for (const row of rows) {
    expect(displayWidth(row), row).toBeLessThanOrEqual(80);
    for (const h of heads) {
      if (right.includes(h.name)) {
        expect(row[h.end - 1], `${h.name} ends at ${h.end}: ${row}`).toMatch(/\S/);
        expect(row[h.end] ?? ' ', `${h.name} ends at ${h.end}: ${row}`).toBe(' ');
      } else {
        expect(row[h.start], `${h.name} starts at ${h.start}: ${row}`).toMatch(/\S/);
        expect(row[h.start - 1] ?? ' ', `${h.name} starts at ${h.start}: ${row}`).toBe(' ');
      }
    }
  }
}

describe('--chains tables at 80 columns', () => {
  it('address txs: the XDAI chain lines up under the ETH chain, its addresses whole', async () => {
    const lines = await table(['address', 'txs', ADDR.rich, '--chains', 'alpha,beta', '--limit', '4']);
    expect(lines.filter((l) => l.startsWith('beta '))).toHaveLength(4);
    expect(lines.some((l) => / XDAI( |$)/.test(l))).toBe(true);
    expectAligned(lines, ['VALUE', 'FEE']);
    for (const l of lines.slice(1)) {
      expect(l).not.toContain('……');
      // The other party of each row (the list is of one address: DIR and COUNTERPARTY), never cut past its 6+4 form.
      expect(l).toMatch(/ (IN|OUT|SELF) +0x[0-9a-fA-F]{6}…[0-9a-fA-F]{4} /);
    }
  });

  it('a later chain with a bigger amount and longer names: every digit, whole addresses, still aligned', async () => {
    const lines = await table(['address', 'txs', ADDR.rich, '--chains', 'alpha,gamma', '--limit', '3']);
    const last = lines[lines.length - 1]!;
    expect(last).toMatch(/^gamma /);
    expect(last).toContain('0x95d3A9…9981');
    expect(last).toContain('123,456.789012 XDAI');
    expectAligned(lines, ['VALUE', 'FEE']);
    for (const l of lines.slice(1)) expect(l).not.toContain('……');
  });

  it('address transfers: the same for lists of tokens', async () => {
    const lines = await table(['address', 'transfers', ADDR.rich, '--chains', 'alpha,beta', '--limit', '5']);
    expectAligned(lines, ['AMOUNT']);
    for (const l of lines.slice(1)) expect(l).not.toContain('……');
  });
});
