/**
 * Batches: `-` reads one value per line from stdin; every line is checked before any request; the
 * values run a few at a time in one session and print in input order (NDJSON lines, one --json
 * array, tables under a heading per value); a value that fails is reported with its line and the
 * others go on; the exit code is the worst seen.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], stdin: string, o: Parameters<typeof runScout>[1] = {}) => runScout(args, { env: { SCOUT_BASE_URL: srv.url }, stdin, ...o });

/** The requests the fake saw while `f` ran, as paths. */
async function paths<T>(f: () => Promise<T>): Promise<[T, string[]]> {
  const before = srv.requests.length;
  const r = await f();
  return [r, srv.requests.slice(before).map((q) => q.path)];
}

describe('batch input', () => {
  it('tx show -: NDJSON, one document per line in input order; blank lines and # comments skipped', async () => {
    const stdin = `# transactions to check\n${TX.ok}\n\n   ${TX.failed}  \r\n# done\n${TX.creation}`;
    const [r, seen] = await paths(() => scout(['tx', 'show', '-', '--ndjson'], stdin));
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { hash: string }).hash)).toEqual([TX.ok, TX.failed, TX.creation]);
    // Each line is the document as the single lookup prints it.
    const one = await runScout(['tx', 'show', TX.failed, '--ndjson'], { env: { SCOUT_BASE_URL: srv.url } });
    expect(lines[1] + '\n').toBe(one.stdout);
    expect(seen.sort()).toEqual([TX.ok, TX.failed, TX.creation].map((h) => `/api/v2/transactions/${h}`).sort());
  });

  it('--json of an object command: one array of the documents, each as --json prints it alone', async () => {
    const r = await scout(['tx', 'show', '-', '--json'], `${TX.ok}\n${TX.failed}\n`);
    expect(r.code, r.stderr).toBe(0);
    const a = await runScout(['tx', 'show', TX.ok, '--json'], { env: { SCOUT_BASE_URL: srv.url } });
    const b = await runScout(['tx', 'show', TX.failed, '--json'], { env: { SCOUT_BASE_URL: srv.url } });
    expect(r.stdout).toBe(`[${a.stdout.trimEnd()},${b.stdout.trimEnd()}]\n`);
  });

  it('--json of a list command: one flat array of every value’s items, values in input order', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--json', '--limit', '2'], `${ADDR.rich}\n${ADDR.empty}\n${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    const one = await runScout(['address', 'withdrawals', ADDR.rich, '--json', '--limit', '2'], { env: { SCOUT_BASE_URL: srv.url } });
    const items = one.stdout.trimEnd().slice(1, -1);
    expect(r.stdout).toBe(`[${items},${items}]\n`);
  });

  it('an empty batch is success: [] for --json, nothing otherwise', async () => {
    const [r, seen] = await paths(() => scout(['tx', 'show', '-', '--json'], '# nothing\n\n'));
    expect([r.code, r.stdout, r.stderr, seen]).toEqual([0, '[]\n', '', []]);
  });

  it('NDJSON of a list command: each item a line, values in input order', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--ndjson', '--limit', '3'], `${ADDR.rich}\n${ADDR.empty}\n${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    const one = await runScout(['address', 'withdrawals', ADDR.rich, '--ndjson', '--limit', '3'], { env: { SCOUT_BASE_URL: srv.url } });
    expect(r.stdout).toBe(one.stdout + one.stdout);
  });

  it('tables: one after another, each under a heading naming its value', async () => {
    const r = await scout(['tx', 'show', '-'], `${TX.ok}\n${TX.failed}\n`, { stdoutIsTTY: true, width: 120, color: false });
    expect(r.code, r.stderr).toBe(0);
    const a = await runScout(['tx', 'show', TX.ok], { env: { SCOUT_BASE_URL: srv.url }, stdoutIsTTY: true, width: 120, color: false });
    const b = await runScout(['tx', 'show', TX.failed], { env: { SCOUT_BASE_URL: srv.url }, stdoutIsTTY: true, width: 120, color: false });
    expect(r.stdout).toBe(`==> ${TX.ok} <==\n${a.stdout}\n==> ${TX.failed} <==\n${b.stdout}`);
  });

  it('tables: a value that fails before printing gets no heading (as head gives none to a file it cannot open)', async () => {
    // Headings are a terminal's (piped, the value is each line's first field: batch-fields.test.ts).
    const r = await scout(['tx', 'show', '-'], `${TX.unknown}\n${TX.ok}\n${TX.unknown}\n${TX.failed}\n`, { stdoutIsTTY: true, color: false });
    expect(r.code).toBe(3);
    const a = await runScout(['tx', 'show', TX.ok], { env: { SCOUT_BASE_URL: srv.url }, stdoutIsTTY: true, color: false });
    const b = await runScout(['tx', 'show', TX.failed], { env: { SCOUT_BASE_URL: srv.url }, stdoutIsTTY: true, color: false });
    expect(r.stdout).toBe(`==> ${TX.ok} <==\n${a.stdout}\n==> ${TX.failed} <==\n${b.stdout}`);
    expect(r.stderr).toMatch(/^scout: line 1: transaction 0x\w+ not found .*\nscout: line 3: /);
  });

  it('tables: a value with nothing to show keeps its heading', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--limit', '1'], `${ADDR.empty}\n${ADDR.rich}\n`, { stdoutIsTTY: true, color: false });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith(`==> ${ADDR.empty} <==\n\n==> ${ADDR.rich} <==\n`)).toBe(true);
  });

  it('CSV: one header row for the whole batch, an input column first', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--csv', '--limit', '2'], `${ADDR.rich}\n${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    const one = await runScout(['address', 'withdrawals', ADDR.rich, '--csv', '--limit', '2'], { env: { SCOUT_BASE_URL: srv.url } });
    const [header, ...rows] = one.stdout.trimEnd().split('\r\n');
    const own = rows.map((row) => `${ADDR.rich},${row}`);
    expect(r.stdout.trimEnd().split('\r\n')).toEqual([`input,${header}`, ...own, ...own]);
  });

  it('a value that fails (404) is reported with its line; the others print; exit is the worst code', async () => {
    const r = await scout(['tx', 'show', '-', '--ndjson'], `${TX.ok}\n# skip\n${TX.unknown}\n${TX.failed}\n`);
    expect(r.code).toBe(3);
    expect(r.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { hash: string }).hash)).toEqual([TX.ok, TX.failed]);
    expect(r.stderr).toMatch(new RegExp(`^scout: line 3: .*${TX.unknown}.*\\n`, 'm'));
    expect(r.stderr).toContain('scout: 1 of 3 values failed (line 3)\n');
  });

  it('a bad line: exit 2, its line number named, nothing sent', async () => {
    const [r, seen] = await paths(() => scout(['tx', 'show', '-'], `${TX.ok}\n\n0x1234\n${TX.failed}\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: line 3: invalid transaction hash "0x1234"/);
    expect(r.stdout).toBe('');
    expect(seen).toEqual([]);
  });

  it('several bad lines are each named, still before any request', async () => {
    const [r, seen] = await paths(() => scout(['address', 'txs', '-'], `nope\n${ADDR.rich}\n0xzz\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: line 1: invalid address "nope".*\nscout: line 3: invalid address "0xzz"/);
    expect(seen).toEqual([]);
  });

  it('names: checked (ENS normalisation) before any request, with their line', async () => {
    const [r, seen] = await paths(() => scout(['address', 'show', '-'], `scout-rich.eth\nbad_na_me.eth\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: line 2: invalid name "bad_na_me.eth"/);
    expect(seen).toEqual([]);
  });

  it('names: each resolved for its own value; one that resolves to nothing fails alone (exit 3)', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--ndjson', '--limit', '1'], `scout-rich.eth\nno-such-name-scout.eth\n${ADDR.rich}\n`);
    expect(r.code).toBe(3);
    const one = await runScout(['address', 'withdrawals', ADDR.rich, '--ndjson', '--limit', '1'], { env: { SCOUT_BASE_URL: srv.url } });
    expect(r.stdout).toBe(one.stdout + one.stdout);
    expect(r.stderr).toMatch(/scout: line 2: no address for the name "no-such-name-scout.eth"/);
  });

  it('--cursor with - is a usage error before stdin is read or anything sent', async () => {
    const [r, seen] = await paths(() => scout(['address', 'txs', '-', '--cursor', 'eyJ9'], `${ADDR.rich}\n`));
    expect(r.code).toBe(2);
    expect(seen).toEqual([]);
  });

  it('--chains with -: an unknown chain is refused before stdin is read or anything sent', async () => {
    const [r, seen] = await paths(() => scout(['address', 'txs', '-', '--chains', 'nowhere'], `${ADDR.rich}\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown chain');
    expect(seen).toEqual([]);
  });

  it.each([[['tx', 'show', '-', '--wait']], [['address', 'txs', '-', '--watch']]])('%j is a usage error: --wait and --watch follow one value', async (args) => {
    const [r, seen] = await paths(() => scout(args, `${TX.ok}\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/does not go with - \(values from stdin\)/);
    expect(seen).toEqual([]);
  });

  it.each([['0'], ['65'], ['x']])('--concurrency %s is a usage error', async (n) => {
    const [r, seen] = await paths(() => scout(['tx', 'show', '-', '--concurrency', n], `${TX.ok}\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: invalid --concurrency/);
    expect(seen).toEqual([]);
  });

  it('a list without --all: each value’s next-page hint names that value, not -', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--ndjson'], `${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`next page: scout address withdrawals --ndjson --cursor \\S+ -- ${ADDR.rich}\\n`));
  });

  it('contract source (it writes files) takes no -: an invalid address, nothing sent', async () => {
    const [r, seen] = await paths(() => scout(['contract', 'source', '-'], `${ADDR.rich}\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: invalid address "-"/);
    expect(seen).toEqual([]);
  });

  it('--help of a command that takes - says so, with --concurrency', async () => {
    const r = await runScout(['tx', 'show', '--help']);
    expect(r.stdout).toMatch(/- reads one per line\s+from\s+stdin/);
    expect(r.stdout).toMatch(/--concurrency <n>/);
  });

  it('--jq with -: the filter runs on each value’s document, results in input order', async () => {
    const r = await scout(['tx', 'show', '-', '--jq', '.hash'], `${TX.failed}\n${TX.ok}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${TX.failed}\n${TX.ok}\n`);
  });

  it('the topic’s default verb takes - too: scout address -', async () => {
    const r = await scout(['address', '-', '--json'], `${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    const one = await runScout(['address', ADDR.rich, '--json'], { env: { SCOUT_BASE_URL: srv.url } });
    expect(r.stdout).toBe(`[${one.stdout.trimEnd()}]\n`);
  });

  it('--all with -: each value followed to its end', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--ndjson', '--all'], `${ADDR.rich}\n${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(2 * 55);
  });
});

/** A hash of 64 hex digits made from `n`. */
const hash = (n: number) => '0x' + n.toString(16).padStart(64, '0');

interface Held {
  url: string;
  /** Hashes in the order the server answered them. */
  answered: string[];
  /** The most requests the server held at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

/**
 * An explorer that holds every `tx show` request and answers one only when `n` are waiting (or every
 * request still to come has arrived), newest first: lookups complete out of input order, and the
 * server counts how many it held at once. `status` picks each hash's answer (200 by default).
 */
async function holdingServer(total: number, n: number, status: (h: string) => number = () => 200): Promise<Held> {
  const waiting: [string, http.ServerResponse][] = [];
  const state = { answered: [] as string[], maxInFlight: 0 };
  const answer = () => {
    while (waiting.length > 0 && (waiting.length >= n || state.answered.length + waiting.length >= total)) {
      const [h, res] = waiting.pop()!;
      state.answered.push(h);
      const code = status(h);
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(code === 200 ? `{"hash":"${h}","status":"ok"}` : code === 404 ? '{"message":"Not found"}' : '{"message":"Internal server error"}');
    }
  };
  const server = http.createServer((req, res) => {
    const h = req.url!.split('/').pop()!;
    waiting.push([h, res]);
    state.maxInFlight = Math.max(state.maxInFlight, waiting.length);
    // Answered after the requests already on the wire are in (a client past its bound is counted).
    setImmediate(answer);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get answered() {
      return state.answered;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

describe('batch scheduling', () => {
  it('output keeps input order when lookups complete out of order', async () => {
    const hs = Array.from({ length: 6 }, (_, i) => hash(i + 1));
    const s = await holdingServer(hs.length, 3);
    try {
      const r = await runScout(['tx', 'show', '-', '--ndjson', '--concurrency', '3'], { env: { SCOUT_BASE_URL: s.url }, stdin: hs.join('\n') });
      expect(r.code, r.stderr).toBe(0);
      // The server did answer out of order...
      expect(s.answered).not.toEqual(hs);
      // ...and the output is in input order.
      expect(r.stdout).toBe(hs.map((h) => `{"hash":"${h}","status":"ok"}\n`).join(''));
    } finally {
      await s.close();
    }
  });

  it.each([[1], [2], [4]])('never more than --concurrency %i lookups in flight, and that many used', async (n) => {
    const hs = Array.from({ length: 9 }, (_, i) => hash(i + 100));
    const s = await holdingServer(hs.length, n);
    try {
      const r = await runScout(['tx', 'show', '-', '--json', '--concurrency', String(n)], { env: { SCOUT_BASE_URL: s.url }, stdin: hs.join('\n') });
      expect(r.code, r.stderr).toBe(0);
      expect(s.maxInFlight).toBe(n);
    } finally {
      await s.close();
    }
  });

  it('the default is 4 at once', async () => {
    const hs = Array.from({ length: 9 }, (_, i) => hash(i + 200));
    const s = await holdingServer(hs.length, 4);
    try {
      const r = await runScout(['tx', 'show', '-', '--ndjson'], { env: { SCOUT_BASE_URL: s.url }, stdin: hs.join('\n') });
      expect(r.code, r.stderr).toBe(0);
      expect(s.maxInFlight).toBe(4);
    } finally {
      await s.close();
    }
  });

  it('partial failures: each reported with its line, in input order; the exit code is the worst (1 over 3)', async () => {
    const hs = [hash(1), hash(404), hash(2), hash(500), hash(3)];
    const s = await holdingServer(hs.length, 2, (h) => (h === hash(404) ? 404 : h === hash(500) ? 500 : 200));
    try {
      const r = await runScout(['--retries', '0', 'tx', 'show', '-', '--ndjson', '--concurrency', '2'], { env: { SCOUT_BASE_URL: s.url }, stdin: `# list\n${hs.join('\n')}\n` });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe([hash(1), hash(2), hash(3)].map((h) => `{"hash":"${h}","status":"ok"}\n`).join(''));
      const lines = r.stderr.split('\n').filter((l) => l.startsWith('scout: line'));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(new RegExp(`^scout: line 3: .*${hash(404)}`));
      expect(lines[1]).toMatch(/^scout: line 5: /);
      expect(r.stderr).toContain('scout: 2 of 5 values failed (lines 3, 5)\n');
    } finally {
      await s.close();
    }
  });

  it('memory: while the first value is unanswered, at most 16 values (4 × --concurrency) are started and held', async () => {
    const hs = Array.from({ length: 60 }, (_, i) => hash(i + 1));
    let received = 0;
    let startedBeforeFirst = 0;
    let first: http.ServerResponse | undefined;
    const ok = (res: http.ServerResponse, h: string) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"hash":"${h}","status":"ok"}`);
    };
    const server = http.createServer((req, res) => {
      const h = req.url!.split('/').pop()!;
      received++;
      if (h === hash(1)) first = res;
      else ok(res, h);
      // Once the window is full, the first is answered after the client has had turns enough to
      // ask for more, were it to (a bounded client asks for nothing more until then).
      if (received === 16) {
        let turns = 50;
        const release = () => {
          if (--turns > 0 && received === 16) return void setImmediate(release);
          startedBeforeFirst = received;
          ok(first!, hash(1));
        };
        res.on('finish', () => setImmediate(release));
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await runScout(['tx', 'show', '-', '--ndjson', '--concurrency', '4'], { env: { SCOUT_BASE_URL: url }, stdin: hs.join('\n') });
      expect(r.code, r.stderr).toBe(0);
      expect(startedBeforeFirst).toBe(16);
      expect(r.stdout).toBe(hs.map((h) => `{"hash":"${h}","status":"ok"}\n`).join(''));
    } finally {
      await new Promise<void>((r) => (server.close(() => r()), server.closeAllConnections()));
    }
  });

  it('Ctrl-C: exit 130, what was printed stays printed', async () => {
    const hs = [hash(1), hash(2), hash(3)];
    const ctl = new AbortController();
    // The first is answered at once; the second is held, and its arrival is the Ctrl-C.
    const server = http.createServer((req, res) => {
      const h = req.url!.split('/').pop()!;
      if (h === hash(2)) return void setImmediate(() => ctl.abort());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"hash":"${h}","status":"ok"}`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const s = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((r) => (server.close(() => r()), server.closeAllConnections())),
    };
    try {
      const r = await runScout(['tx', 'show', '-', '--ndjson', '--concurrency', '1'], { env: { SCOUT_BASE_URL: s.url }, stdin: hs.join('\n'), signal: ctl.signal });
      expect(r.code).toBe(130);
      expect(r.stdout).toBe(`{"hash":"${hash(1)}","status":"ok"}\n`);
      expect(r.stderr).not.toMatch(/line \d/);
    } finally {
      await s.close();
    }
  });
});

describe('batch from a real stdin', () => {
  it('the built program reads the values piped to it (CRLF, a comment, no final newline)', async () => {
    const r = await runCli(['tx', 'show', '-', '--ndjson'], { env: { SCOUT_BASE_URL: srv.url }, input: `${TX.ok}\r\n# c\n${TX.failed}` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { hash: string }).hash)).toEqual([TX.ok, TX.failed]);
  });
});
