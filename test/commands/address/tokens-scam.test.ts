/**
 * `address tokens` and the tokens the explorer marks as scam (`reputation: "scam"`, or `is_scam` on
 * older servers): left out of a terminal's table by default with a count on stderr, shown with
 * --show-scam; piped lines, CSV and JSON keep every token as sent unless --hide-scam asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIRDROP_SCAM, AREA } from '../../support/fake/address-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { type FakeServer, PAGE_SIZE, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: ScoutOptions = {}) => runScout(['address', 'tokens', AREA.airdropped, ...args, '--base-url', srv.url], o);
const tty: ScoutOptions = { stdoutIsTTY: true, width: 160, color: false };
const lines = (s: string) => s.split('\n').slice(0, -1);
const PATH = `/api/v2/addresses/${AREA.airdropped}/tokens`;
/** How many of the first page's tokens are marked scam. */
const SCAM_ON_PAGE_1 = AIRDROP_SCAM.filter((n) => n < PAGE_SIZE).length;
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('address tokens on a terminal', () => {
  it('leaves out the scam tokens and says how many on stderr', async () => {
    const r = await scout([], tty);
    expect(r.code, r.stderr).toBe(0);
    const rows = lines(r.stdout).slice(1);
    expect(rows).toHaveLength(PAGE_SIZE - SCAM_ON_PAGE_1);
    expect(r.stdout).not.toMatch(/CLAIM\d+|claim-\d+/);
    expect(r.stderr).toContain(`scout: note: ${SCAM_ON_PAGE_1} tokens the explorer marks as scam left out; --show-scam shows them\n`);
  });

  it('`is_scam: true` on a token counts as scam too', async () => {
    const r = await scout([], tty);
    expect(r.stdout).not.toContain('CLAIM17');
  });

  it('--show-scam shows them all, hostile names made safe, and says nothing', async () => {
    const r = await scout(['--show-scam'], tty);
    expect(r.code).toBe(0);
    expect(lines(r.stdout).slice(1)).toHaveLength(PAGE_SIZE);
    expect(r.stdout).toContain('CLAIM4');
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
    expect(r.stderr).not.toContain('marks as scam');
  });

  it('--limit counts the tokens shown', async () => {
    const r = await scout(['--limit', '6'], tty);
    expect(lines(r.stdout).slice(1)).toHaveLength(6);
    expect(r.stdout).not.toContain('CLAIM4');
  });
});

describe('address tokens piped, as CSV and as JSON', () => {
  it('keeps every token by default: a program reads what the explorer sent', async () => {
    const piped = await scout([]);
    expect(lines(piped.stdout)).toHaveLength(PAGE_SIZE);
    expect(piped.stderr).not.toContain('marks as scam');
    const json = await scout(['--json']);
    const sent = (await (await fetch(srv.url + PATH)).json()) as { items: unknown[] };
    expect(JSON.parse(json.stdout)).toEqual(sent.items);
  });

  it('--hide-scam leaves them out of every output, each kept item as sent, over every page', async () => {
    const r = await scout(['--hide-scam', '--all', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const items = lines(r.stdout).map((l) => JSON.parse(l) as { token: { reputation?: string; is_scam?: boolean } });
    expect(items).toHaveLength(60 - AIRDROP_SCAM.length);
    expect(items.some((i) => i.token.reputation === 'scam' || i.token.is_scam === true)).toBe(false);
    expect(r.stderr).toBe(`scout: note: ${AIRDROP_SCAM.length} tokens the explorer marks as scam left out; --show-scam shows them\n`);
    const csv = await scout(['--hide-scam', '--csv']);
    expect(lines(csv.stdout)).toHaveLength(1 + PAGE_SIZE - SCAM_ON_PAGE_1);
  });

  it('the filter is scout’s: the request carries no parameter the server would refuse', async () => {
    const from = srv.requests.length;
    await scout(['--hide-scam', '--type', 'ERC-20']);
    expect(srv.requests.slice(from).map((q) => q.query)).toEqual([[['type', 'ERC-20']]]);
  });

  it('--hide-scam with --show-scam is exit 2 before any request', async () => {
    const from = srv.requests.length;
    const r = await scout(['--hide-scam', '--show-scam']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: --hide-scam and --show-scam say opposite things: give one\n/);
    expect(srv.requests.length).toBe(from);
  });

  it('an address without scam tokens says nothing', async () => {
    const r = await runScout(['address', 'tokens', '0x' + '1'.repeat(40), '--base-url', srv.url], tty);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('marks as scam');
  });
});
