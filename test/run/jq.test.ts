/**
 * --jq: a real jq filter over what --json prints, like `gh --jq`: results one per line, strings as
 * text (safe text on a terminal), anything else compact JSON; per item with --ndjson; a bad
 * expression is exit 2 before any request, a failing one exit 1, each one line.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JqProgram } from '../../src/render/jq.js';
import { BIN, cleanEnv, ROOT } from '../support/cli.js';
import { runScout } from '../support/scout.js';
import { ADDR, COUNTS, EVIL, type FakeServer, RAW, startServer, TX } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], options: Parameters<typeof runScout>[1] = {}) => runScout([...args, '--base-url', srv.url], options);
const lines = (s: string) => s.split('\n').filter(Boolean);

describe('--jq on a list', () => {
  it('filters the array --json prints, strings printed as text, one per line', async () => {
    const json = JSON.parse((await scout(['address', 'txs', ADDR.rich, '--json'])).stdout) as { hash: string; value: string }[];
    const want = json.filter((t) => BigInt(t.value) > 1n).map((t) => t.hash);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(json.length);
    const r = await scout(['address', 'txs', ADDR.rich, '--jq', '.[] | select((.value | tonumber) > 1) | .hash']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(want.map((h) => h + '\n').join(''));
    // The way on is still offered, the filter in it.
    expect(r.stderr).toMatch(/^50 items; more exist\. next page: scout .*address txs 0x[0-9a-fA-F]{40} (-q|--jq) '.*' --cursor [\w-]+\n$/);
  });

  it('other values print as compact JSON; -q is --jq', async () => {
    const r = await scout(['address', 'txs', ADDR.rich, '-q', '.[0] | {hash, n: 1}, [1, 2], null, true']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([expect.stringMatching(/^\{"hash":"0x[0-9a-f]{64}","n":1\}$/), '[1,2]', 'null', 'true']);
  });

  it('with --all, the filter sees one array of every item', async () => {
    const r = await scout(['address', 'txs', ADDR.rich, '--all', '--jq', 'length']);
    expect(r).toMatchObject({ code: 0, stdout: `${COUNTS.richTxs}\n`, stderr: '' });
  });

  it('with --ndjson, the filter runs on each item', async () => {
    const nd = lines((await scout(['address', 'txs', ADDR.rich, '--ndjson'])).stdout).map((l) => (JSON.parse(l) as { hash: string }).hash);
    const r = await scout(['address', 'txs', ADDR.rich, '--ndjson', '--jq', '.hash']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual(nd);
    const all = await scout(['address', 'txs', ADDR.rich, '--all', '--ndjson', '--jq', 'length > 0']);
    expect(lines(all.stdout)).toEqual(Array(COUNTS.richTxs).fill('true'));
  });

  it('works for a list from local data too (chains)', async () => {
    const r = await runScout(['chains', '--jq', '.[] | select(.id == "1") | .name']);
    expect(r).toMatchObject({ code: 0, stdout: 'Ethereum\n' });
  });
});

describe('--jq on one object', () => {
  it('tx trace --ndjson --jq runs the filter on each call line', async () => {
    const nd = lines((await scout(['tx', 'trace', TX.parityTrace, '--ndjson'])).stdout).map((l) => JSON.parse(l) as { depth: number });
    expect(nd.length).toBeGreaterThan(1);
    const r = await scout(['tx', 'trace', TX.parityTrace, '--ndjson', '--jq', '.depth']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual(nd.map((l) => String(l.depth)));
  });

  it('tx show --jq .status prints the string as text', async () => {
    const r = await scout(['tx', 'show', TX.ok, '--jq', '.status']);
    expect(r).toMatchObject({ code: 0, stdout: 'ok\n', stderr: '' });
  });

  it('a big number passed through unchanged keeps its digits (jq 1.7 keeps the literal)', async () => {
    const r = await scout(['tx', 'show', TX.quirky, '--jq', '.l1_gas_used_raw']);
    expect(r).toMatchObject({ code: 0, stdout: `${RAW.bigInteger}\n` });
  });

  it('scout api takes it as well', async () => {
    const r = await scout(['api', `/api/v2/transactions/${TX.ok}`, '--jq', '.hash']);
    expect(r).toMatchObject({ code: 0, stdout: `${TX.ok}\n` });
  });
});

describe('errors', () => {
  it('an expression that does not compile is exit 2, one line, before any request', async () => {
    const mark = srv.requests.length;
    const r = await scout(['address', 'txs', ADDR.rich, '--jq', '.[] | select(.value >']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^scout: invalid --jq expression: syntax error, [^\n]+\nscout: see 'scout address txs --help'\n$/);
    const undefinedFn = await scout(['tx', 'show', TX.ok, '-q', 'bogus(1)']);
    expect(undefinedFn).toMatchObject({ code: 2, stderr: 'scout: invalid --jq expression: bogus/1 is not defined\nscout: see \'scout tx show --help\'\n' });
    expect(srv.requests.length).toBe(mark);
  });

  it('the check never runs the filter: one that never ends still fails fast when it does not compile', async () => {
    const r = await scout(['tx', 'show', TX.ok, '--jq', 'last(repeat(1)) | $nope']);
    expect(r).toMatchObject({ code: 2, stderr: 'scout: invalid --jq expression: $nope is not defined\nscout: see \'scout tx show --help\'\n' });
  });

  it('--jq with --csv is a usage error, before any request', async () => {
    const mark = srv.requests.length;
    const r = await scout(['address', 'txs', ADDR.rich, '--jq', '.', '--csv']);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(lines(r.stderr)).toEqual(['scout: --jq prints JSON values, not CSV: use --jq alone or with --ndjson', "scout: see 'scout address txs --help'"]);
    expect(srv.requests.length).toBe(mark);
  });

  it('an error while the filter runs is exit 1, one line', async () => {
    const r = await scout(['tx', 'show', TX.ok, '--jq', '.hash | .foo']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('scout: jq: Cannot index string with string "foo"\n');
  });

  it('an error raised on server data is one line of safe text', async () => {
    const r = await scout(['address', 'tokens', ADDR.rich, '--all', '--ndjson', '--jq', `if .token.name == ${RAW.evilNameJson} then error(.token.name) else empty end`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('scout: jq: \u241b]0;pwned\u2407Airdrop\n');
  });
});

describe('strings from the server', () => {
  const filter = `.[] | .token | select(.name == ${RAW.evilNameJson}) | .name, .symbol, {name}`;

  it('on a terminal, a string result is safe text; other values escape as --json does', async () => {
    const r = await scout(['address', 'tokens', ADDR.rich, '--all', '--jq', filter], { stdoutIsTTY: true });
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual(['\u241b]0;pwned\u2407Airdrop', '<U+202E>LIVE', `{"name":${RAW.evilNameJson}}`]);
  });

  it('through a pipe, a string result is the raw text, like gh --jq', async () => {
    const r = await scout(['address', 'tokens', ADDR.rich, '--all', '--jq', filter]);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([EVIL.name, EVIL.symbol, `{"name":${RAW.evilNameJson}}`]);
  });
});

it('jq sees none of the environment: a key in a variable never reaches a filter', async () => {
  const r = await runScout(['chains', '--jq', '$ENV, env | tojson'], { env: { SCOUT_EXPLORER_KEY: 'sekrit-key' } });
  expect(r.code, r.stderr).toBe(0);
  expect(lines(r.stdout)).toHaveLength(2);
  expect(r.stdout).not.toContain('sekrit-key');
  expect(r.stdout).not.toContain('SCOUT_');
});

describe('the list writers', () => {
  const mem = () => {
    let out = '';
    return { io: { out: { write: async (s: string) => void (out += s) }, err: { write: async () => undefined }, stdoutIsTTY: false }, out: () => out };
  };
  const page = (rawItems: string[]) => ({ rawItems, items: () => [] });

  it('--ndjson: each page is filtered and written as it arrives', async () => {
    const m = mem();
    const w = (await JqProgram.compile('.n')).listWriter(m.io, true);
    w.begin();
    await w.page(page(['{"n":1}', '{"n":2}']), true);
    expect(m.out()).toBe('1\n2\n');
    await w.page(page(['{"n":3}']), false);
    await w.end();
    expect(m.out()).toBe('1\n2\n3\n');
  });

  it('otherwise: the filter sees the whole array at the end', async () => {
    const m = mem();
    const w = (await JqProgram.compile('length')).listWriter(m.io, false);
    w.begin();
    await w.page(page(['{"n":1}', '{"n":2}']), true);
    expect(m.out()).toBe('');
    await w.page(page(['{"n":3}']), false);
    await w.end();
    expect(m.out()).toBe('3\n');
  });
});

describe('a filter that never ends', () => {
  it('Ctrl-C still ends scout with 130 (jq runs off the main thread)', async () => {
    const child = spawn(process.execPath, [BIN, 'tx', 'show', TX.ok, '--verbose', '--jq', 'last(range(1e15))', '--base-url', srv.url], {
      cwd: ROOT,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    let stderr = '';
    const answered = new Promise<void>((resolve) =>
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        stderr += d;
        if (stderr.includes('-> 200')) resolve();
      }),
    );
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
    await answered;
    child.kill('SIGINT');
    const { code, signal } = await exit;
    clearTimeout(timer);
    expect({ code, signal }).toEqual({ code: 130, signal: null });
    expect(stderr).toMatch(/scout: interrupted\n$/);
  });
});
