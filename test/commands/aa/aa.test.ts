/**
 * ERC-4337 account abstraction against the fake explorer's account abstraction service
 * (test/support/fake/aa.ts): `userop` (its calls unrolled, its summary, --json as sent with the
 * summary spliced), `address userops` (`--as`), `tx userops`, `aa bundlers|paymasters|factories`,
 * `aa status`, and the smart-account rows of `address show`; each also against an explorer without
 * the service (501 "Service is disabled", or no such path at all).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AA, AA_OP, BATCH_CALLS, BATCH_FEE, REVERT_TEXT, userOps } from '../../support/fake/aa-data.js';
import { runScout } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../../support/server.js';

const AA_PATH = '/api/v2/proxy/account-abstraction';

let srv: FakeServer;
let off: FakeServer;
let gone: FakeServer;
beforeAll(async () => {
  [srv, off, gone] = await Promise.all([startServer(), startServer({ lacking: { [AA_PATH]: 501 } }), startServer({ lacking: { [AA_PATH]: 404 } })]);
});
afterAll(async () => {
  await Promise.all([srv.close(), off.close(), gone.close()]);
});
afterEach(() => srv.verify());

const NOW = Date.UTC(2025, 7, 11, 10);
const on = (server: FakeServer) => (args: string[], o: Parameters<typeof runScout>[1] = {}) =>
  runScout(args, { env: { SCOUT_BASE_URL: server.url, SCOUT_CHAIN: 'ethereum' }, color: false, now: () => NOW, ...o });
const run = (args: string[], o: Parameters<typeof runScout>[1] = {}) => on(srv)(args, o);
const tty = { stdoutIsTTY: true, width: 100 };

/** The fields of the piped line labelled `label` (the first such line). */
const field = (out: string, label: string) => out.split('\n').find((l) => l.startsWith(`${label}\t`))?.split('\t').slice(1);
const fields = (out: string, label: string) => out.split('\n').filter((l) => l.startsWith(`${label}\t`)).map((l) => l.split('\t').slice(1));
/** The requests the fake saw while `f` ran. */
async function requestsOf(server: FakeServer, f: () => Promise<unknown>) {
  const before = server.requests.length;
  await f();
  return server.requests.slice(before);
}
/** A terminal key/value view as label → its value's lines (the label's own line, then those indented under it). */
function rows(out: string): Map<string, string[]> {
  const m = new Map<string, string[]>();
  let last: string[] | undefined;
  for (const line of out.split('\n')) {
    const head = /^(\S(?:.*?\S)?)(?: {2,}(.*))?$/.exec(line);
    if (head && !line.startsWith(' ')) m.set(head[1]!, (last = head[2] === undefined ? [] : [head[2]]));
    else if (last && line.trim()) last.push(line.trim());
  }
  return m;
}
const value = (out: string, label: string) => rows(out).get(label)?.join('\n');
const body = async (path: string) => (await fetch(`${srv.url}${path}`)).text();

describe('scout userop <hash>', () => {
  it('reads like tx show: sender, status, the calls of executeBatch decoded from the callData, bundle, paymaster, exact fee, summary', async () => {
    let r!: Awaited<ReturnType<typeof run>>;
    const reqs = await requestsOf(srv, async () => (r = await run(['userop', AA_OP.batch], tty)));
    expect(r.code, r.stderr).toBe(0);
    // The operation and its summary, both asked.
    expect(reqs.map((q) => q.path).sort()).toEqual([`${AA_PATH}/operations/${AA_OP.batch}`, `${AA_PATH}/operations/${AA_OP.batch}/summary`]);
    const out = r.stdout;
    expect(value(out, 'Operation')).toBe(AA_OP.batch);
    expect(value(out, 'Status')).toMatch(/^ok · block 23,116,895 · 2025-08-11 09:24:59 UTC/);
    expect(value(out, 'Sender')).toBe(`SmartAccount  ${AA.account}`);
    expect(value(out, 'Call')).toBe('executeBatch((address,uint256,bytes)[]), 2 calls');
    // The explorer sent no decoding: the callData decoded here, each inner call on a line of its own.
    expect(out).toContain(`1. → ${ADDR.usdc}  transfer (0xa9059cbb)  68 bytes`);
    expect(out).toContain(`2. → ${ADDR.counterparty}  1.5 ETH`);
    expect(out).toContain(`EntryPoint  ${AA.entryPoint}  (v0.7)`);
    expect(value(out, 'Bundle')).toBe(`${TX.bundle}\noperation 0 of bundle 0 in the transaction`);
    // The paymaster the explorer does not know comes as a bare hash.
    expect(value(out, 'Paymaster')).toBe(`${AA.paymaster}  (paymaster sponsor)`);
    expect(value(out, 'Fee')).toBe('0.123457 ETH (actual)');
    expect(value(out, 'Gas')).toBe('84,179 / 254,817');
    expect(value(out, 'Summary')).toBe('Transfer 25 USDC (0x4d32…Faf8) to alice-scout.eth (0xd0DB…2Ef8)');
    expect(r.stderr).toBe('');
  });

  it('piped: a fact a line, the fee and every inner call in exact units', async () => {
    const r = await run(['userop', AA_OP.batch]);
    expect(r.code, r.stderr).toBe(0);
    expect(field(r.stdout, 'Status')).toEqual(['ok']);
    expect(field(r.stdout, 'Fee')).toEqual([BATCH_FEE, '0.123456789012345678']);
    const calls = fields(r.stdout, 'Inner call');
    expect(calls.map((c) => c.slice(0, 3))).toEqual([
      [ADDR.usdc, '0', '0'],
      [ADDR.counterparty, BATCH_CALLS.coin, '1.5'],
    ]);
    expect(calls[0]![3]).toMatch(/^0xa9059cbb[0-9a-f]{128}$/);
    expect(field(r.stdout, 'Paymaster')).toEqual([AA.paymaster, '']);
    expect(field(r.stdout, 'Bundle transaction')).toEqual([TX.bundle]);
  });

  it("uses the explorer's decoding where it has one: execute's inner call by its decoded method", async () => {
    const r = await run(['userop', AA_OP.execute], { ...tty, width: 160 });
    expect(r.code, r.stderr).toBe(0);
    expect(value(r.stdout, 'Call')).toBe('execute(address,uint256,bytes), 1 call');
    // Only decoded_execute_call_data names the parameters.
    expect(r.stdout).toContain(`1. → ${ADDR.weth}  approve(address spender, uint256 amount)  68 bytes`);
    // An explorer with its interpretation service off: a note, and the rest.
    expect(r.stderr).toBe('scout: note: no summary: this explorer has no summary service (HTTP 403: Transaction Interpretation Service is disabled)\n');
    const json = await run(['userop', AA_OP.execute, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).not.toHaveProperty('summary');
  });

  it('a failed operation: the revert reason decoded, executeBatch with parallel arrays unrolled', async () => {
    const r = await run(['userop', AA_OP.failed], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(value(r.stdout, 'Status')).toMatch(/^failed · /);
    expect(value(r.stdout, 'Revert')).toBe(REVERT_TEXT);
    expect(value(r.stdout, 'Call')).toBe('executeBatch(address[],uint256[],bytes[]), 2 calls');
    expect(r.stdout).toContain(`2. → ${ADDR.weth}  approve (0x095ea7b3)  68 bytes`);
  });

  it('the operation that created the account names its factory', async () => {
    const r = await run(['userop', AA_OP.creation]);
    expect(field(r.stdout, 'Factory')).toEqual([AA.factory, 'SmartAccountFactory']);
  });

  it('--json: the operation as sent, its summary as sent under "summary", nothing re-encoded', async () => {
    const r = await run(['userop', AA_OP.batch, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const op = (await body(`${AA_PATH}/operations/${AA_OP.batch}`)).trim();
    const summary = (await body(`${AA_PATH}/operations/${AA_OP.batch}/summary`)).trim();
    expect(r.stdout).toBe(`${op.slice(0, -1)},"summary":${summary}}\n`);
    // The fee has more digits than a double keeps: still the server's.
    expect(r.stdout).toContain(`"fee":"${BATCH_FEE}"`);
  });

  it('hostile text from the chain (method, parameter, revert, summary) reaches the terminal only as visible stand-ins', async () => {
    const r = await run(['userop', AA_OP.hostile], { ...tty, color: true });
    expect(r.code, r.stderr).toBe(0);
    // Colour is ours; no other escape, bell or bidi control gets through.
    const ours = r.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    expect(ours).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(ours).toContain('claim␛[2J(string note)');
    expect(ours).toContain('[scam] Fake_Phishing4242');
  });

  it('an unknown operation is exit 3 with the way to check the service; a malformed hash exit 2 before any request', async () => {
    const r = await run(['userop', AA_OP.unknown]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`user operation ${AA_OP.unknown} not found`);
    expect(r.stderr).toContain('scout aa status');
    let bad!: Awaited<ReturnType<typeof run>>;
    const reqs = await requestsOf(srv, async () => (bad = await run(['userop', '0x1234'])));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/invalid user operation hash "?0x1234"?/);
    expect(reqs).toEqual([]);
  });

  it('- reads operations from stdin, one a line', async () => {
    const r = await run(['userop', '-', '--ndjson'], { stdin: `${AA_OP.batch}\n${AA_OP.failed}\n` });
    expect(r.code, r.stderr).toBe(0);
    const docs = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { hash: string; summary?: unknown });
    expect(docs.map((d) => d.hash)).toEqual([AA_OP.batch, AA_OP.failed]);
    expect(docs[0]).toHaveProperty('summary');
  });
});

describe('address userops, tx userops', () => {
  it("an account's operations, newest first, paged with the service's page_token; the sender column left out on a terminal", async () => {
    srv.expect('GET', `${AA_PATH}/operations`, { sender: AA.account });
    const all = await run(['address', 'userops', AA.account, '--all', '--ndjson']);
    expect(all.code, all.stderr).toBe(0);
    const items = all.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { hash: string });
    expect(items.map((i) => i.hash)).toEqual(userOps().filter((o) => o.spec.sender === AA.account).map((o) => o.spec.hash));
    expect(items).toHaveLength(60);
    const page2 = srv.requests.filter((q) => q.path === `${AA_PATH}/operations`).at(-1)!;
    expect(page2.query.map(([k]) => k).sort()).toEqual(['page_size', 'page_token', 'sender']);
    const t = await run(['address', 'userops', AA.account, '--limit', '3'], tty);
    expect(t.stdout.split('\n')[0]).toMatch(/^HASH +AGE +ENTRY POINT +VERSION +BUNDLE TX +FEE +STATUS$/);
  });

  it('--as bundler sends the bundler filter and keeps the sender column; an unknown role is exit 2', async () => {
    srv.expect('GET', `${AA_PATH}/operations`, { bundler: AA.bundler });
    const r = await run(['address', 'userops', AA.bundler, '--as', 'bundler', '--limit', '2'], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^HASH +AGE +SENDER /);
    const bad = await run(['address', 'userops', AA.bundler, '--as', 'relayer']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('relayer');
  });

  it('piped lines and CSV: exact fees, the sender, the bundle', async () => {
    const r = await run(['address', 'userops', AA.account, '--limit', '1']);
    expect(r.stdout.trimEnd().split('\t')).toEqual([AA_OP.batch, '23116895', '2025-08-11T09:24:59Z', AA.account, AA.entryPoint, 'v0.7', TX.bundle, BATCH_FEE, '0.123456789012345678', 'ok']);
    const csv = await run(['address', 'userops', AA.account, '--limit', '1', '--csv']);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('hash,block_number,timestamp,sender,entry_point,entry_point_version,transaction_hash,fee_wei,fee,status,sender_name');
  });

  it('tx userops: the operations of a bundle, in its order; none for a transaction that is no bundle', async () => {
    srv.expect('GET', `${AA_PATH}/operations`, { transaction_hash: TX.bundle });
    const r = await run(['tx', 'userops', TX.bundle, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { hash: string }[]).map((o) => o.hash)).toEqual([AA_OP.batch, AA_OP.execute, AA_OP.failed, AA_OP.hostile]);
    const none = await run(['tx', 'userops', TX.ok, '--json']);
    expect(none.code).toBe(0);
    expect(JSON.parse(none.stdout)).toEqual([]);
  });
});

describe('aa bundlers | paymasters | factories | status', () => {
  it('top lists: every page of bundlers, counts grouped on a terminal, a bare address as it came', async () => {
    const b = await run(['aa', 'bundlers', '--all', '--ndjson']);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout.trimEnd().split('\n')).toHaveLength(55);
    const p = await run(['aa', 'paymasters'], tty);
    expect(p.stdout.split('\n')[1]).toMatch(new RegExp(`^${AA.paymaster} +7,311$`));
    const f = await run(['aa', 'factories', '--csv']);
    expect(f.stdout.split(/\r?\n/).slice(0, 2)).toEqual(['address,total_accounts,name', `${AA.factory},1234567,SmartAccountFactory`]);
  });

  it('status: the indexer and each entry point version', async () => {
    const t = await run(['aa', 'status'], tty);
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toBe('Indexer           up · past operations indexed\nEntry point v0.6  disabled\nEntry point v0.7  enabled · live · past logs still indexing\n');
    const p = await run(['aa', 'status']);
    expect(p.stdout).toBe('Finished past indexing\ttrue\nv06\tfalse\tfalse\tfalse\tfalse\nv07\ttrue\ttrue\ttrue\tfalse\n');
  });
});

describe('address show: a smart account', () => {
  it('shows its factory, creation operation and operation count, fetched with the address; --json has them under "smart_account"', async () => {
    let r!: Awaited<ReturnType<typeof run>>;
    const reqs = await requestsOf(srv, async () => (r = await run(['address', AA.account])));
    expect(r.code, r.stderr).toBe(0);
    expect(reqs.map((q) => q.path)).toContain(`${AA_PATH}/accounts/${AA.account}`);
    expect(field(r.stdout, 'User operations')).toEqual(['60']);
    expect(field(r.stdout, 'Factory')).toEqual([AA.factory, 'SmartAccountFactory']);
    expect(field(r.stdout, 'Creation operation')).toEqual([AA_OP.creation]);
    const t = await run(['address', AA.account], tty);
    expect(value(t.stdout, 'Smart account')).toBe('ERC-4337 · 60 user operations');
    const json = await run(['address', AA.account, '--json']);
    const account = (await body(`${AA_PATH}/accounts/${AA.account}`)).trim();
    expect(json.stdout.trimEnd().endsWith(`,"smart_account":${account}}`)).toBe(true);
  });

  it('an address that is no smart account, or an explorer without the service: no such rows, and not a word about it', async () => {
    for (const server of [srv, off, gone]) {
      const r = await on(server)(['address', ADDR.rich, '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).not.toHaveProperty('smart_account');
    }
  });
});

describe('an explorer without the account abstraction service', () => {
  it('aa status says so in one line, exit 0, whether the explorer answers 501 or has no such path', async () => {
    for (const [server, said] of [[off, 'HTTP 501: Service is disabled'], [gone, 'HTTP 404']] as const) {
      const r = await on(server)(['aa', 'status']);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`scout: ${server.url} has no account abstraction service (${said})\n`);
    }
  });

  it('userop and the lists: one line, exit 3', async () => {
    // Where the explorer has no such path at all, an operation is not found there: the hint names `aa status`.
    const missing = await on(gone)(['userop', AA_OP.batch]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe(`scout: user operation ${AA_OP.batch} not found on ${gone.url} (HTTP 404)\nscout: is it on this chain, and does its explorer index ERC-4337? scout aa status says whether the service is up\n`);
    const cases: [FakeServer, string[]][] = [[off, ['userop', AA_OP.batch]]];
    for (const server of [off, gone]) for (const args of [['address', 'userops', AA.account], ['tx', 'userops', TX.bundle], ['aa', 'bundlers']]) cases.push([server, args]);
    for (const [server, args] of cases) {
      const r = await on(server)(['--retries', '0', ...args]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(3);
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toContain('has no account abstraction service');
    }
  });
});

describe('--chains', () => {
  /** A chains registry naming `alpha` (the service on) and `beta` (the service off). */
  function chainsHome(): string {
    const entry = (name: string, id: string, url: string) => ({ id, name, names: [name], explorer: url, coin: 'TST', testnet: false, blockscout: true, source: 'registry' });
    const home = mkdtempSync(join(tmpdir(), 'scout-aa-chains-'));
    mkdirSync(join(home, 'scout'));
    writeFileSync(join(home, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains: [entry('alpha', '31001', srv.url), entry('beta', '31002', off.url)] }));
    return home;
  }

  it('aa lists and address userops on several chains: rows start with their chain; a chain without the service is one line and the others still show', async () => {
    const home = chainsHome();
    const chains = (args: string[]) => runScout(['--retries', '0', ...args, '--chains', 'alpha,beta'], { env: { XDG_CONFIG_HOME: home }, color: false });
    for (const args of [['aa', 'factories'], ['address', 'userops', AA.account, '--limit', '2']]) {
      const r = await chains(args);
      const rows = r.stdout.trimEnd().split('\n');
      expect(rows.length, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      for (const row of rows) expect(row.split('\t')[0]).toBe('alpha');
      // One line for the chain without the service, saying why; not a failure of the run.
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(new RegExp(`^scout: beta \\(31002\\): ${off.url} has no account abstraction service \\(${AA_PATH}\\).*\\(HTTP 501: Service is disabled\\)\n$`));
    }
  });
});

describe('aa accounts and aa bundles', () => {
  it('aa accounts: every smart account as sent, over two pages; --factory goes to the server as `factory`', async () => {
    const { aaAccounts } = await import('../../support/fake/aa-data.js');
    const r = await run(['aa', 'accounts', '--all', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual(aaAccounts().map((e) => e.json));
    const seen = await requestsOf(srv, () => run(['aa', 'accounts', '--factory', ADDR.created, '--json']));
    expect(seen.map((q) => [q.path, q.query])).toEqual([[`${AA_PATH}/accounts`, [['factory', ADDR.created]]]]);
    const few = await run(['aa', 'accounts', '--factory', ADDR.created, '--json']);
    expect((JSON.parse(few.stdout) as unknown[]).length).toBe(aaAccounts().filter((e) => e.factory === ADDR.created.toLowerCase()).length);
  });

  it('aa bundles: the bundle transactions newest first; --bundler as `bundler`; an explorer without the service, one line, exit 3', async () => {
    const { aaBundles } = await import('../../support/fake/aa-data.js');
    const r = await run(['aa', 'bundles', '--limit', '3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(aaBundles().slice(0, 3).map((e) => e.json));
    const seen = await requestsOf(srv, () => run(['aa', 'bundles', '--bundler', AA.bundler, '--limit', '1']));
    expect(seen.map((q) => [q.path, q.query])).toEqual([[`${AA_PATH}/bundles`, [['bundler', AA.bundler]]]]);
    const t = await run(['aa', 'bundles', '--limit', '2'], tty);
    expect(t.stdout.split('\n')[0]).toMatch(/^ *BUNDLE TX +BLOCK +AGE +BUNDLER +OPERATIONS$/);
    const none = await on(off)(['aa', 'bundles']);
    expect(none.code).toBe(3);
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
  });
});
