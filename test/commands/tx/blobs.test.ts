/**
 * EIP-4844 blobs and beacon deposits of a transaction: `tx blobs`, `tx deposits`, and what `tx show`
 * and `tx explain` show of them, against the fake explorer (TX.blob, TX.deposit, TX.batchDeposit) and
 * an explorer without them (any chain but Ethereum's kind).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectMembers } from '../../../src/base/json/lossless.js';
import { BLOB_HASHES } from '../../support/data.js';
import { BLOB_BYTES } from '../../support/fake/txdepth-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { type FakeServer, PAGE_SIZE, startServer, TX } from '../../support/server.js';

let srv: FakeServer;
let other: FakeServer;
const T = (h: string) => `/api/v2/transactions/${h}`;
beforeAll(async () => {
  // An explorer of another chain: no /blobs, no /beacon/deposits for these transactions.
  const lacking = Object.fromEntries([TX.blob, TX.deposit, TX.batchDeposit, TX.ok].flatMap((h) => [[`${T(h)}/blobs`, 400], [`${T(h)}/beacon`, 400]])) as Record<string, 400>;
  [srv, other] = await Promise.all([startServer(), startServer({ lacking })]);
});
afterAll(() => Promise.all([srv.close(), other.close()]));

const scout = (args: string[], o: ScoutOptions = {}, on = srv) => runScout([...args, '--base-url', on.url], o);
const tty: ScoutOptions = { stdoutIsTTY: true, width: 120, color: false };
const bodyOf = async (path: string) => (await fetch(srv.url + path)).text();
const lines = (s: string) => s.split('\n').slice(0, -1);
const paths = (from: number) => srv.requests.slice(from).map((q) => q.path);

describe('tx blobs', () => {
  it('piped: each blob’s versioned hash, exact size in bytes and KZG commitment', async () => {
    const r = await scout(['tx', 'blobs', TX.blob]);
    expect(r.code, r.stderr).toBe(0);
    const rows = lines(r.stdout).map((l) => l.split('\t'));
    expect(rows.map((x) => x.slice(0, 2))).toEqual(BLOB_HASHES.map((h) => [h, String(BLOB_BYTES)]));
    expect(rows[0]![2]).toMatch(/^0x[0-9a-f]{96}$/);
  });

  it('on a terminal: the whole versioned hash and the size grouped', async () => {
    const r = await scout(['tx', 'blobs', TX.blob], tty);
    expect(lines(r.stdout)[1]).toMatch(new RegExp(`^${BLOB_HASHES[0]} +131,072 bytes +0x[0-9a-f]{4}…[0-9a-f]{4}$`));
  });

  it('--json: the items as sent (an answer with no cursor), data and proof included; CSV has the proof', async () => {
    const r = await scout(['tx', 'blobs', TX.blob, '--json']);
    const sent = await bodyOf(`${T(TX.blob)}/blobs`);
    expect(objectMembers(sent).has('next_page_params')).toBe(false);
    expect(JSON.parse(r.stdout)).toEqual((JSON.parse(sent) as { items: unknown[] }).items);
    const csv = await scout(['tx', 'blobs', TX.blob, '--csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('hash,size_bytes,kzg_commitment,kzg_proof');
  });

  it('a transaction without blobs has none; an unknown one is exit 3', async () => {
    expect(await scout(['tx', 'blobs', TX.ok])).toMatchObject({ code: 0, stdout: '' });
    expect((await scout(['tx', 'blobs', TX.unknown])).code).toBe(3);
  });

  it('an explorer without blobs says so: exit 3, one line', async () => {
    const r = await scout(['tx', 'blobs', TX.blob], {}, other);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^scout: http:\/\/127\.0\.0\.1:\d+ serves no blobs of this transaction: .*keeps no EIP-4844 blobs/);
  });

  it('a malformed hash is exit 2 before any request', async () => {
    const from = srv.requests.length;
    expect((await scout(['tx', 'blobs', '0x12'])).code).toBe(2);
    expect(srv.requests.length).toBe(from);
  });
});

describe('tx deposits', () => {
  it('a batch of 55 over two pages by the real cursor (index), newest first; --json as sent', async () => {
    const from = srv.requests.length;
    const r = await scout(['tx', 'deposits', TX.batchDeposit, '--all']);
    expect(r.code, r.stderr).toBe(0);
    const rows = lines(r.stdout).map((l) => l.split('\t'));
    expect(rows).toHaveLength(55);
    const indexes = rows.map((x) => Number(x[0]));
    expect(indexes).toEqual([...indexes].sort((a, b) => b - a));
    // Amounts exact: wei beside ether.
    expect(rows[0]!.slice(6, 8)).toEqual(['32000000000000000000', '32']);
    const second = srv.requests.slice(from)[1]!;
    expect(second.query.map(([k]) => k).sort()).toEqual(['index', 'items_count']);
    const j = await scout(['tx', 'deposits', TX.batchDeposit, '--json']);
    expect(JSON.parse(j.stdout)).toHaveLength(PAGE_SIZE);
  });

  it('an explorer without beacon deposits says so: exit 3', async () => {
    const r = await scout(['tx', 'deposits', TX.deposit], {}, other);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('serves no beacon deposits');
  });
});

describe('tx show: blobs and deposits where the transaction has them', () => {
  it('a blob transaction: blob gas and each blob, asked once; piped each fact its own line', async () => {
    const from = srv.requests.length;
    const r = await scout(['tx', 'show', TX.blob]);
    expect(r.code, r.stderr).toBe(0);
    expect(paths(from).sort()).toEqual([T(TX.blob), `${T(TX.blob)}/blobs`]);
    expect(r.stdout).toContain('Blob gas used\t262144\nBlob gas price\t1500000000\nMax fee per blob gas\t3000000000\nBurnt blob fee\t393216000000000\t0.000393216\n');
    expect(lines(r.stdout).filter((l) => l.startsWith('Blob\t')).map((l) => l.split('\t').slice(1, 3))).toEqual(BLOB_HASHES.map((h) => [h, String(BLOB_BYTES)]));
  });

  it('on a terminal: blob gas on one line, each versioned hash with its size', async () => {
    const r = await scout(['tx', 'show', TX.blob], tty);
    expect(r.stdout).toMatch(/\nBlob gas +262,144 · 1\.5 gwei \(max 3\) · burnt 0\.000393 coin\n/);
    expect(r.stdout).toMatch(new RegExp(`\\nBlobs +${BLOB_HASHES[0]}  131,072 bytes\\n +${BLOB_HASHES[1]}  131,072 bytes\\n`));
  });

  it('--wait: once mined, the blobs too', async () => {
    const r = await scout(['tx', 'show', TX.blob, '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).filter((l) => l.startsWith('Blob\t'))).toHaveLength(2);
  });

  it('--json is the transaction as sent, with no request for its blobs', async () => {
    const from = srv.requests.length;
    const r = await scout(['tx', 'show', TX.blob, '--json']);
    expect(paths(from)).toEqual([T(TX.blob)]);
    expect(r.stdout).toBe((await bodyOf(T(TX.blob))) + '\n');
  });

  it('any other transaction costs no request more', async () => {
    const from = srv.requests.length;
    expect((await scout(['tx', 'show', TX.ok])).code).toBe(0);
    expect(paths(from)).toEqual([T(TX.ok)]);
  });

  it('a call to the deposit contract: its deposits', async () => {
    const from = srv.requests.length;
    const r = await scout(['tx', 'show', TX.deposit], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(paths(from).sort()).toEqual([T(TX.deposit), `${T(TX.deposit)}/beacon/deposits`]);
    expect(r.stdout).toMatch(/\nDeposits +32 coin · validator 0x[0-9a-f]{6}…[0-9a-f]{4} · completed · index 2,100,001\n/);
    const piped = await scout(['tx', 'show', TX.deposit]);
    expect(piped.stdout).toMatch(/\nDeposit\t2100001\t0x[0-9a-f]{96}\t32000000000000000000\t32\tcompleted\t0x[0-9a-f]{64}\n/);
  });

  it('an explorer without blobs: the transaction, its versioned hashes from the transaction, and a note', async () => {
    const r = await scout(['tx', 'show', TX.blob], tty, other);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`\\nBlobs +${BLOB_HASHES[0]}\\n +${BLOB_HASHES[1]}\\n`));
    expect(r.stderr).toMatch(/^scout: note: no blobs of transaction 0x[0-9a-f]{64}: .*Unknown API v2 action/);
  });
});

describe('tx explain: blobs and deposits in the transaction’s rows, and as parts in --json', () => {
  it('a batch deposit through a contract: the first 10 deposits and the command for all', async () => {
    const r = await scout(['tx', 'explain', TX.batchDeposit], tty);
    expect(r.code, r.stderr).toBe(0);
    const at = lines(r.stdout).findIndex((l) => l.startsWith('Deposits'));
    expect(at).toBeGreaterThan(0);
    expect(lines(r.stdout)[at + 10]).toBe(`             … and more: scout tx deposits ${TX.batchDeposit}`);
  });

  it('--json: the blobs and the deposits as sent, beside the other parts', async () => {
    const r = await scout(['tx', 'explain', TX.blob, '--json']);
    const members = objectMembers(r.stdout.trimEnd());
    expect(members.get('blobs')).toBe(await bodyOf(`${T(TX.blob)}/blobs`));
    expect(members.get('beacon_deposits')).toBe(await bodyOf(`${T(TX.blob)}/beacon/deposits`));
  });

  it('blobs are asked only of a blob transaction', async () => {
    const from = srv.requests.length;
    await scout(['tx', 'explain', TX.deposit, '--json']);
    expect(paths(from)).not.toContain(`${T(TX.deposit)}/blobs`);
  });

  it('an explorer without either leaves them out without a word', async () => {
    const r = await scout(['tx', 'explain', TX.blob, '--json'], {}, other);
    expect(r.code).toBe(0);
    const members = objectMembers(r.stdout.trimEnd());
    expect(members.has('blobs')).toBe(false);
    expect(members.has('beacon_deposits')).toBe(false);
    expect(r.stderr).not.toMatch(/blobs|deposits/);
  });
});
