/**
 * `--server-csv`: the explorer's own CSV export of a list (address txs, transfers, internal-txs,
 * logs, activity; token holders), streamed as sent: the window sent as the explorer's required
 * `from_period`/`to_period`, the synchronous file and the asynchronous flow (202, polls, the file at
 * `/downloadFile`), the explorer's row limit told, hostile text kept off a terminal, and one line
 * each for an explorer without exports, one that wants a reCAPTCHA, and an export that failed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POLL_MS } from '../../../src/run/server-csv.js';
import { ACTIVITY, MARCH } from '../../support/fake/activity-data.js';
import { runScout } from '../../support/scout.js';
import { ADDR, EVIL, type FakeServer, type FakeServerOptions, startServer } from '../../support/server.js';
import { listsFor } from '../../support/data.js';
import { type Fault, startFaultProxy } from '../../support/faults.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());
afterEach(() => srv.verify());

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const env = (url: string) => ({ SCOUT_BASE_URL: url, SCOUT_CHAIN: 'ethereum' });
const scout = (args: string[], o: Parameters<typeof runScout>[1] & { url?: string } = {}) =>
  runScout(args, { env: env(o.url ?? srv.url), color: false, now: () => NOW, ...o });
const rich = ADDR.rich;
const TXS_CSV = `/api/v2/addresses/${rich}/transactions/csv`;

/** A fake of its own for one test, closed after it. */
async function withServer<T>(opts: FakeServerOptions, f: (s: FakeServer) => Promise<T>): Promise<T> {
  const s = await startServer(opts);
  try {
    return await f(s);
  } finally {
    await s.close();
  }
}

/** The file the explorer serves for `path` and `query`, asked directly: what scout must print unchanged. */
async function explorerCsv(base: string, path: string, query: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}${path}?${new URLSearchParams(query)}`);
  expect(res.headers.get('content-type')).toBe('application/csv');
  return res.text();
}

/** The transactions of the rich address in [since, until), by their timestamps. */
const richTxsIn = (since: number, until: number) =>
  listsFor(rich).transactions.filter((e) => typeof e.json.timestamp === 'string' && Date.parse(e.json.timestamp) >= since && Date.parse(e.json.timestamp) < until);
const times = listsFor(rich).transactions.map((e) => e.json.timestamp).filter((t): t is string => typeof t === 'string').map(Date.parse).sort((a, b) => a - b);
/** A window that holds some of the rich address's transactions but not all. */
const SINCE = times[10]!;
const UNTIL = times[40]!;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

describe('--server-csv: the synchronous export', () => {
  it("prints the explorer's CSV of the window byte for byte, asked with from_period and to_period", async () => {
    const query = { from_period: iso(SINCE), to_period: new Date(UNTIL - 1).toISOString() };
    srv.expect('GET', TXS_CSV, query);
    const r = await scout(['address', 'txs', rich, '--server-csv', '--since', iso(SINCE), '--until', iso(UNTIL)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(await explorerCsv(srv.url, TXS_CSV, query));
    // The explorer's own rows: its header, one record per transaction of the window.
    const lines = r.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^TxHash,BlockNumber,UnixTimestamp,/);
    expect(lines.length - 1).toBe(richTxsIn(SINCE, UNTIL).length);
    expect(r.stderr).toBe(`scout: the explorer's CSV of transactions of address ${rich} from ${iso(SINCE)} to ${iso(UNTIL)}; this explorer exports at most 10,000 rows per file\n`);
  });

  it('without --since and --until the export runs from 1970 to now, and says so', async () => {
    srv.expect('GET', TXS_CSV, { from_period: '1970-01-01T00:00:00Z', to_period: new Date(NOW - 1).toISOString() });
    const r = await scout(['address', 'txs', rich, '--server-csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\r\n').length - 1).toBe(richTxsIn(0, NOW).length);
    expect(r.stderr).toContain(`from 1970-01-01T00:00:00Z to ${iso(NOW)} (no --since: from the start, no --until: up to now)`);
  });

  it('--filter goes as filter_type=address and filter_value', async () => {
    srv.expect('GET', TXS_CSV, { filter_type: 'address', filter_value: 'to' });
    const r = await scout(['address', 'txs', rich, '--server-csv', '--filter', 'to']);
    expect(r.code, r.stderr).toBe(0);
    const to = listsFor(rich).transactions.filter((e) => e.to === rich.toLowerCase() && typeof e.json.timestamp === 'string');
    expect(r.stdout.trimEnd().split('\r\n').length - 1).toBe(to.length);
  });

  it('token transfers, internal transactions and logs each ask their own export', async () => {
    for (const [verb, list] of [['transfers', 'token-transfers'], ['internal-txs', 'internal-transactions'], ['logs', 'logs']] as const) {
      srv.expect('GET', `/api/v2/addresses/${rich}/${list}/csv`, { from_period: '1970-01-01T00:00:00Z' });
      const r = await scout(['address', verb, rich, '--server-csv']);
      expect(r.code, `${verb}: ${r.stderr}`).toBe(0);
      expect(r.stdout.trimEnd().split('\r\n').length, verb).toBeGreaterThan(1);
    }
  });

  it('token holders: the export of the token, no period sent (the explorer ignores it)', async () => {
    const path = `/api/v2/tokens/${ADDR.usdc}/holders/csv`;
    const before = srv.requests.length;
    const r = await scout(['token', 'holders', ADDR.usdc, '--server-csv']);
    expect(r.code, r.stderr).toBe(0);
    const asked = srv.requests.slice(before).find((q) => q.path === path)!;
    expect(asked.query).toEqual([]);
    expect(r.stdout).toBe(await explorerCsv(srv.url, path, {}));
    expect(r.stdout.split('\r\n')[0]).toBe('HolderAddress,Balance');
  });

  it("address activity: the advanced filter's export, with the list's own filters and window", async () => {
    srv.expect('GET', '/api/v2/advanced-filters/csv', { age_from: '2024-03-01T00:00:00.000Z', age_to: '2024-03-31T23:59:59.999Z', transaction_types: 'ERC-20' });
    const r = await scout(['address', 'activity', ACTIVITY.wallet, '--since', '2024-03', '--until', '2024-04', '--type', 'ERC-20', '--server-csv']);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trimEnd().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.split(',')[1]).toBe('ERC-20');
      const t = Date.parse(row.split(',')[3]!);
      expect(t >= MARCH.since && t < MARCH.until).toBe(true);
    }
  });

  it("says when the file holds the explorer's limit of rows: the window may hold more", async () => {
    await withServer({ csv: { limit: 10 } }, async (s) => {
      const r = await scout(['address', 'txs', rich, '--server-csv'], { url: s.url });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trimEnd().split('\r\n')).toHaveLength(11);
      expect(r.stderr).toContain('this explorer exports at most 10 rows per file');
      expect(r.stderr).toContain("scout: warning: the CSV holds 10 rows, this explorer's limit per file");
    });
  });

  it('a CSV past --max-body is an error that says the output is cut short', async () => {
    // The fake sends a CSV in pieces of 16 KiB, a moment apart: the first is printed, then the cap is
    // passed (unless the network brings both pieces at once: then nothing is printed).
    const whole = await explorerCsv(srv.url, TXS_CSV, { from_period: '1970-01-01T00:00:00Z', to_period: new Date(NOW - 1).toISOString() });
    expect(whole.length).toBeGreaterThan(20 * 1024);
    const r = await scout(['address', 'txs', rich, '--server-csv', '--max-body', '20KiB']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('larger than 20 KiB (--max-body)');
    expect(whole.startsWith(r.stdout)).toBe(true);
    if (r.stdout) expect(r.stderr).toContain(`(--max-body): the CSV printed is cut short after ${r.stdout.length / 1024} KiB`);
  });
});

describe('--server-csv: hostile text', () => {
  const evil = { csv: { extraRows: [['0xabc', EVIL.name, EVIL.symbol]] } };

  it('piped, the bytes are as the explorer sent them', async () => {
    await withServer(evil, async (s) => {
      const r = await scout(['address', 'txs', rich, '--server-csv'], { url: s.url });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`${EVIL.name},${EVIL.symbol}\r\n`);
    });
  });

  it('on a terminal, escape sequences and bidi overrides are shown, never obeyed; lines stay lines', async () => {
    await withServer(evil, async (s) => {
      const r = await scout(['address', 'txs', rich, '--server-csv'], { url: s.url, stdoutIsTTY: true });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toMatch(/[\u001b\u0007\u202e\r]/);
      expect(r.stdout).toContain('0xabc,␛]0;pwned␇Airdrop,');
      expect(r.stdout.split('\n')[0]).toMatch(/^TxHash,BlockNumber,/);
    });
  });
});

describe('--server-csv: the asynchronous export', () => {
  it('asks, polls while the explorer prepares the file, then prints the file it serves', async () => {
    const sync = await scout(['address', 'txs', rich, '--server-csv', '--since', iso(SINCE), '--until', iso(UNTIL)]);
    await withServer({ csv: { async: true, pendingPolls: 2 } }, async (s) => {
      const r = await scout(['address', 'txs', rich, '--server-csv', '--since', iso(SINCE), '--until', iso(UNTIL)], { url: s.url });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(sync.stdout);
      const paths = s.requests.map((q) => q.path);
      const polls = paths.filter((p) => p.startsWith('/api/v2/csv-exports/'));
      expect(polls).toHaveLength(3);
      expect(paths.at(-1)).toBe('/downloadFile');
      expect(s.requests.at(-1)!.query).toEqual([['id', expect.stringMatching(/^[0-9a-f]{15}$/)]]);
      expect(r.sleeps.filter((ms) => ms === POLL_MS)).toHaveLength(3);
    });
  });

  it('an export the explorer fails is exit 1, with the way to build the CSV page by page', async () => {
    await withServer({ csv: { async: true, fail: true } }, async (s) => {
      const r = await scout(['address', 'txs', rich, '--server-csv', '--filter', 'from'], { url: s.url });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/scout: the explorer's export of transactions of address 0x[0-9a-fA-F]{40} failed \(request [0-9a-f-]{36}\)/);
      expect(r.stderr).toContain(`scout address txs ${rich} --filter from --all --csv`);
    });
  });
});

describe('--server-csv: explorers that will not export', () => {
  it('an explorer without CSV exports is one line, exit 3, pointing to --all --csv', async () => {
    await withServer({ lacking: { '/api/v2/config/csv-export': 400, [TXS_CSV]: 400 } }, async (s) => {
      const r = await scout(['address', 'txs', rich, '--server-csv'], { url: s.url });
      expect(r.code).toBe(3);
      expect(r.stderr).toContain(`scout: no CSV export of transactions of address ${rich} on this explorer (HTTP 400 Unknown API v2 action)`);
      expect(r.stderr).toContain(`scout address txs ${rich} --all --csv`);
      // The explorer's limit is unknown: the first line says none.
      expect(r.stderr).not.toContain('at most');
    });
  });

  it('an explorer that wants a reCAPTCHA is one line, exit 4, pointing to --all --csv', async () => {
    await withServer({ csv: { recaptcha: true } }, async (s) => {
      const r = await scout(['address', 'transfers', rich, '--server-csv'], { url: s.url });
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('scout: the explorer wants a reCAPTCHA for its CSV exports, which scout cannot solve (HTTP 403)');
      expect(r.stderr).toContain(`scout address transfers ${rich} --all --csv`);
    });
  });
});

describe('--server-csv: refused before any request', () => {
  it.each([
    [['address', 'txs', rich, '--server-csv', '--json'], 'it does not go with --json'],
    [['address', 'txs', rich, '--server-csv', '--all'], 'it does not go with --all'],
    [['address', 'txs', rich, '--server-csv', '--limit', '5'], 'it does not go with --limit'],
    [['address', 'txs', rich, '--server-csv', '--watch'], 'it does not go with --watch'],
    [['address', 'txs', rich, '--server-csv', '--chains', '1,8453'], 'it does not go with --chains'],
    [['address', 'txs', '-', '--server-csv'], 'it does not go with - (values from stdin)'],
    [['address', 'txs', rich, '--server-csv', '--since', 'block:19000000'], '--server-csv takes a time for --since, not a block'],
    [['address', 'transfers', rich, '--server-csv', '--type', 'ERC-20'], 'takes no --type'],
    [['address', 'logs', rich, '--server-csv', '--topic', `0x${'ab'.repeat(32)}`], 'takes no --topic'],
    [['token', 'holders', ADDR.nft1155, '--server-csv', '--id', '1'], 'takes no --id'],
  ])('%j', async (args, message) => {
    const before = srv.requests.length;
    const r = await scout(args as string[], { stdin: `${rich}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(srv.requests.length).toBe(before);
  });

  it('lists that the explorer does not export take no --server-csv', async () => {
    const r = await scout(['address', 'withdrawals', rich, '--server-csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--server-csv'");
  });
});

describe('--server-csv: faults on the way', () => {
  /** Runs `address txs --server-csv` through a proxy whose plan faults the export's own requests. */
  async function throughProxy(plan: (n: number) => Fault, extra: string[] = []) {
    let exports = 0;
    const proxy = await startFaultProxy(srv.url, (_n, url) => (url.startsWith(TXS_CSV) ? plan(exports++) : 'ok'));
    try {
      return await scout(['address', 'txs', rich, '--server-csv', ...extra], { url: proxy.url });
    } finally {
      await proxy.close();
    }
  }
  const whole = () => explorerCsv(srv.url, TXS_CSV, { from_period: '1970-01-01T00:00:00Z', to_period: new Date(NOW - 1).toISOString() });

  it('a body cut short is asked for again, and the output goes on where it stopped: the file once, whole', async () => {
    const r = await throughProxy((n) => (n === 0 ? 'truncate' : 'ok'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(await whole());
  });

  it('a web page instead of the file is tried again, then told without quoting it (exit 1)', async () => {
    const r = await throughProxy(() => 'html-200', ['--retries', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('the explorer sent a web page, not CSV (content-type text/html');
    expect(r.stderr).not.toContain('Welcome to nginx');
  });

  it('still rate limited: exit 5, saying explorers allow few exports an hour and ask for a reCAPTCHA past them', async () => {
    const r = await throughProxy(() => '429-reset', ['--retries', '1']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('explorers allow few CSV exports an hour (Blockscout 50), and past them ask for a reCAPTCHA');
    // The command line again, global options and all, without --server-csv.
    expect(r.stderr).toContain(`scout --retries 1 address txs ${rich} --all --csv`);
  });
});

describe('--server-csv: an asynchronous export that does not end well', () => {
  it('still pending after 15 minutes of polls: exit 1, naming the request', async () => {
    await withServer({ csv: { async: true, pendingPolls: 10_000 } }, async (s) => {
      const r = await scout(['address', 'txs', rich, '--server-csv'], { url: s.url });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/the explorer has not finished the export of transactions of address 0x[0-9a-fA-F]{40} after 15 minutes \(request [0-9a-f-]{36}\)/);
      expect(s.requests.filter((q) => q.path.startsWith('/api/v2/csv-exports/'))).toHaveLength(180);
    });
  });
});
