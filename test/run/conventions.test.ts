/**
 * Conventions people expect of a command-line tool: a spinner only where it cannot mix with the
 * output, colour control (--color, --no-color, SCOUT_COLOR, the config file, NO_COLOR, FORCE_COLOR),
 * `scout api` always JSON, one trace call per NDJSON line, the usual short flags, `scout config
 * get|set|list|path`, documented piped columns and the admin key file's checks. In-process against
 * the fake explorer, except where a real process is the point.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPED_COLUMNS } from '../../src/kit/piped-columns.js';
import { cleanEnv, ROOT } from '../support/cli.js';
import { runScout, type ScoutOptions } from '../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: ScoutOptions = {}) => runScout([...args, '--base-url', srv.url, '--admin-url', srv.url], o);
// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[\d+m/;
/** The records of a CSV text (RFC 4180: quoted fields may hold commas and doubled quotes). */
function csvRecords(text: string): string[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]!.replace(/^"(.*)"$/s, '$1').replaceAll('""', '"')));
}

/** A config directory of its own holding `config` (mode 0600), as XDG_CONFIG_HOME. */
function configHome(config?: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'scout-conv-'));
  if (config) {
    mkdirSync(join(dir, 'scout'));
    writeFileSync(join(dir, 'scout', 'config.json'), JSON.stringify(config), { mode: 0o600 });
  }
  return dir;
}

describe('the spinner', () => {
  const withdrawals = ['address', 'withdrawals', ADDR.rich, '--all'];

  it('draws when stdout and stderr are both terminals; piped, only for --all: `| head` of one page gets none', async () => {
    const both = await scout(withdrawals, { stdoutIsTTY: true, stderrIsTTY: true });
    expect(both.stderr).toContain('address withdrawals · loading');
    const piped = await scout(withdrawals.slice(0, -1), { stdoutIsTTY: false, stderrIsTTY: true });
    expect(piped.code).toBe(0);
    expect(piped.stderr).not.toContain('loading');
    expect(piped.stderr).not.toContain('\u001b');
    // Long work into a file or a pipe shows its progress on the terminal's stderr (issue 22, item 20).
    expect((await scout(withdrawals, { stdoutIsTTY: false, stderrIsTTY: true })).stderr).toContain('address withdrawals · loading');
  });

  it('is not coloured under NO_COLOR or --color never, and is under --color always', async () => {
    const o = { stdoutIsTTY: true, stderrIsTTY: true };
    expect((await scout(withdrawals, { ...o, env: { NO_COLOR: '1' } })).stderr).not.toMatch(SGR);
    expect((await scout([...withdrawals, '--color', 'never'], o)).stderr).not.toMatch(SGR);
    expect((await scout([...withdrawals, '--color', 'always'], { ...o, env: { NO_COLOR: '1' } })).stderr).toMatch(/\u001b\[36m/);
  });

  it('stays plain in a process whose chalk would colour it (FORCE_COLOR set, colour decided off)', () => {
    // ora's own chalk reads FORCE_COLOR when it loads: only a fresh process shows what it would do.
    const script = `
      import { openProgress } from ${JSON.stringify(join(ROOT, 'dist/run/progress.js'))};
      import { memoryIo } from ${JSON.stringify(join(ROOT, 'dist/base/io.js'))};
      const io = memoryIo({ stdoutIsTTY: true, stderrIsTTY: true, env: { NO_COLOR: '1' } });
      (await openProgress(io, 'table', 'loading', false)).stop();
      process.stdout.write(JSON.stringify(io.stderr()));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: cleanEnv({ FORCE_COLOR: '1' }), encoding: 'utf8' });
    const drawn = JSON.parse(out) as string;
    expect(drawn).toContain('loading');
    expect(drawn).not.toMatch(SGR);
  });
});

describe('colour control', () => {
  const txs = ['address', 'txs', ADDR.rich, '--limit', '3'];
  const tty = { stdoutIsTTY: true, width: 160 };

  it('auto: colour on a terminal, none under NO_COLOR', async () => {
    expect((await scout(txs, tty)).stdout).toMatch(SGR);
    expect((await scout(txs, { ...tty, env: { NO_COLOR: '1' } })).stdout).not.toMatch(SGR);
  });

  it('--no-color and --color never turn it off; --color always wins over NO_COLOR', async () => {
    const coloured = await scout(txs, tty);
    for (const flag of [['--no-color'], ['--color', 'never'], ['--color', 'NEVER']]) {
      const r = await scout([...txs, ...flag], tty);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(coloured.stdout.replace(/\u001b\[\d+m/g, ''));
    }
    expect((await scout([...txs, '--color', 'always'], { ...tty, env: { NO_COLOR: '1' } })).stdout).toBe(coloured.stdout);
  });

  it('--color always through a pipe prints the coloured table a terminal shows (for less -R)', async () => {
    const onTerminal = await scout(txs, tty);
    const piped = await scout([...txs, '--color', 'always'], { width: 160 });
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(onTerminal.stdout);
    expect(piped.stdout).toMatch(/^\u001b\[1mHASH/);
  });

  it('SCOUT_COLOR and the config file say the same; a flag wins over both', async () => {
    const plain = (await scout(txs)).stdout;
    const always = (await scout(txs, { width: 160, env: { SCOUT_COLOR: 'always' } })).stdout;
    expect(always).toMatch(SGR);
    expect((await scout(txs, { width: 160, env: { XDG_CONFIG_HOME: configHome({ color: 'always' }) } })).stdout).toBe(always);
    expect((await scout([...txs, '--color', 'auto'], { env: { SCOUT_COLOR: 'always' } })).stdout).toBe(plain);
    expect((await scout([...txs, '--no-color'], { env: { XDG_CONFIG_HOME: configHome({ color: 'always' }) } })).stdout).toBe(plain);
  });

  it('FORCE_COLOR colours without changing the piped layout', async () => {
    // A piped list stays tab-separated lines whatever FORCE_COLOR says (CI systems set it).
    const list = await scout(txs, { env: { FORCE_COLOR: '1' } });
    expect(list.stdout).toBe((await scout(txs)).stdout);
    expect(list.stdout.split('\n')[0]).toContain('\t');
  });

  it('a bad value is a usage error before any request', async () => {
    const before = srv.requests.length;
    const r = await scout([...txs, '--color', 'sometimes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('scout: invalid --color "sometimes": expected auto, always, never\nscout: see \'scout address txs --help\'\n');
    expect(srv.requests.length).toBe(before);
  });
});

describe('scout api keeps one shape: JSON', () => {
  /** The items of /api/v2/blocks as the server sent them, from --ndjson (byte-exact lines). */
  const itemsSent = async (n: number) => (await scout(['api', '/api/v2/blocks', '--limit', String(n), '--ndjson'])).stdout.split('\n').slice(0, n);

  it.each([
    ['piped', {}],
    // Uncoloured, to be parsed (JSON on a terminal is coloured: json-colour.test.ts).
    ['on a terminal', { stdoutIsTTY: true, stderrIsTTY: true, color: false }],
  ])('--limit and --all print a JSON array of the items, never a table (%s)', async (_name, o: ScoutOptions) => {
    const sent = await itemsSent(3);
    const limited = await scout(['api', '/api/v2/blocks', '--limit', '3'], o);
    expect(limited.code).toBe(0);
    expect(JSON.parse(limited.stdout)).toEqual(sent.map((l) => JSON.parse(l)));
    const all = await scout(['api', '/api/v2/blocks', '--all'], o);
    expect(all.code).toBe(0);
    expect(Array.isArray(JSON.parse(all.stdout))).toBe(true);
    // No spinner either: the output is JSON, not a table.
    expect(all.stderr).toBe('');
  });

  it('piped, the array holds the items byte for byte as sent', async () => {
    const sent = await itemsSent(3);
    expect((await scout(['api', '/api/v2/blocks', '--limit', '3'])).stdout).toBe(`[${sent.join(',')}]\n`);
  });

  it('a body printed whole is the same JSON on a terminal as piped', async () => {
    const piped = await scout(['api', '/api/v2/stats']);
    const shown = await scout(['api', '/api/v2/stats'], { stdoutIsTTY: true, color: false });
    expect(JSON.parse(shown.stdout)).toEqual(JSON.parse(piped.stdout));
  });
});

describe('tx trace --ndjson: one call per line', () => {
  interface Line {
    depth: number;
    path: number[];
    call: Record<string, unknown>;
  }
  const traceOf = async (hash: string) => {
    const json = await scout(['tx', 'trace', hash, '--json']);
    const nd = await scout(['tx', 'trace', hash, '--ndjson']);
    expect(nd.code, nd.stderr).toBe(0);
    return { sent: JSON.parse(json.stdout) as unknown, lines: nd.stdout.split('\n').slice(0, -1).map((l) => JSON.parse(l) as Line) };
  };

  it('Geth callTracer: the lines rebuild the tree the node sent', async () => {
    const { sent, lines } = await traceOf(TX.gethTrace);
    expect(lines.length).toBeGreaterThan(1);
    const root = { ...lines[0]!.call };
    for (const l of lines.slice(1)) {
      let parent = root as { calls?: Record<string, unknown>[] };
      for (const i of l.path.slice(0, -1)) parent = parent.calls![i]!;
      (parent.calls ??= [])[l.path.at(-1)!] = { ...l.call };
      expect(l.depth).toBe(l.path.length);
    }
    // Members after calls in the body come after it here too: compare as values, keys in any order.
    expect(root).toEqual(sent);
  });

  it('Parity: every entry whole, in order, its path its traceAddress', async () => {
    const { sent, lines } = await traceOf(TX.parityTrace);
    expect(lines.map((l) => l.call)).toEqual(sent);
    for (const l of lines) expect(l.path).toEqual(l.call.traceAddress);
  });

  it('--help says the shape', async () => {
    const r = await runScout(['tx', 'trace', '--help']);
    expect(r.stdout).toContain('{"depth":1,"path":[0],"call":{…}}');
  });
});

describe('short flags', () => {
  it('-L is --limit, -j is --json, -a is --all', async () => {
    const long = await scout(['address', 'withdrawals', ADDR.rich, '--limit', '3', '--json']);
    const short = await scout(['address', 'withdrawals', ADDR.rich, '-L', '3', '-j']);
    expect(short.code, short.stderr).toBe(0);
    expect(short.stdout).toBe(long.stdout);
    expect(JSON.parse(short.stdout)).toHaveLength(3);
    const all = await scout(['address', 'withdrawals', ADDR.rich, '--all', '--ndjson']);
    expect((await scout(['address', 'withdrawals', ADDR.rich, '-a', '--ndjson'])).stdout).toBe(all.stdout);
  });

  it('--help shows them beside the long names', async () => {
    const help = (await runScout(['address', 'txs', '--help'])).stdout;
    for (const f of ['-j, --json', '-a, --all', '-L, --limit <n>']) expect(help).toContain(f);
  });
});

describe('scout config get|set|list|path', () => {
  const inHome = (home: string) => (args: string[]) => runScout(['config', ...args], { env: { XDG_CONFIG_HOME: home } });
  const fileIn = (home: string) => join(home, 'scout', 'config.json');

  it('set creates the directory and the file, mode 0600, and keeps what the file held', async () => {
    const home = configHome();
    const config = inHome(home);
    expect(await config(['set', 'chain', 'base'])).toEqual(expect.objectContaining({ code: 0, stdout: '', stderr: '' }));
    expect(statSync(fileIn(home)).mode & 0o777).toBe(0o600);
    expect((await config(['set', 'timeout', '60'])).code).toBe(0);
    expect((await config(['set', 'pro', 'yes'])).code).toBe(0);
    expect((await config(['set', 'chains.my-chain.explorer-key', 'k1'])).code).toBe(0);
    expect(JSON.parse(readFileSync(fileIn(home), 'utf8'))).toEqual({ chain: 'base', timeout: 60, pro: true, chains: { 'my-chain': { 'explorer-key': 'k1' } } });
    expect((await config(['path'])).stdout).toBe(fileIn(home) + '\n');
  });

  it('set leaves a file others could read at 0600', async () => {
    const home = configHome({ chain: 'base' });
    chmodSync(fileIn(home), 0o644);
    expect((await inHome(home)(['set', 'api-key', 'sekrit'])).code).toBe(0);
    expect(statSync(fileIn(home)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(fileIn(home), 'utf8'))).toEqual({ chain: 'base', 'api-key': 'sekrit' });
  });

  it.each([
    [['set', 'timeout', '-1'], 'scout: invalid timeout "-1": expected a duration from 1ms to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)\nscout: see \'scout config set --help\'\n'],
    [['set', 'color', 'sometimes'], 'scout: invalid color "sometimes": expected auto, always, never\nscout: see \'scout config set --help\'\n'],
    [['set', 'base-url', 'ftp://x'], /^scout: invalid base-url/],
    [['set', 'chain', 'nowhere'], /^scout: unknown chain "nowhere"\n/],
    [['set', 'colour', 'never'], /^scout: unknown config key "colour"; did you mean color\?\nscout: the keys: base-url, /],
    [['set', 'verbose', '1'], 'scout: verbose is not kept in the config file\nscout: use --verbose or SCOUT_VERBOSE\nscout: see \'scout config set --help\'\n'],
    [['get', 'api-key-file'], /^scout: api-key-file is not kept in the config file\n/],
  ])('%j is a usage error and leaves the file alone', async (args, message) => {
    const home = configHome({ timeout: 5 });
    const r = await inHome(home)(args);
    expect(r.code).toBe(2);
    if (typeof message === 'string') expect(r.stderr).toBe(message);
    else expect(r.stderr).toMatch(message);
    expect(readFileSync(fileIn(home), 'utf8')).toBe('{"timeout":5}');
  });

  it('a broken file is refused, not overwritten', async () => {
    const home = configHome();
    mkdirSync(join(home, 'scout'));
    writeFileSync(fileIn(home), '{"chain": ', { mode: 0o600 });
    const r = await inHome(home)(['set', 'chain', 'base']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: invalid config file .*: not valid JSON/);
    expect(readFileSync(fileIn(home), 'utf8')).toBe('{"chain": ');
  });

  it('get and list print keys as *** unless --show-secrets; an unset key prints nothing', async () => {
    const home = configHome({ chain: 'base', 'api-key': 'sekrit', insecure: false, chains: { gnosis: { 'explorer-key': 'gk' } } });
    const config = inHome(home);
    const fromFile = (out: string) => out.split('\n').filter((l) => l.endsWith('\tconfig file')).join('\n');
    expect(fromFile((await config(['list'])).stdout)).toBe('chain\tbase\tconfig file\napi-key\t***\tconfig file\ninsecure\tfalse\tconfig file\nchains.gnosis.explorer-key\t***\tconfig file');
    expect(fromFile((await config(['list', '--show-secrets'])).stdout)).toBe('chain\tbase\tconfig file\napi-key\tsekrit\tconfig file\ninsecure\tfalse\tconfig file\nchains.gnosis.explorer-key\tgk\tconfig file');
    expect((await config(['get', 'api-key'])).stdout).toBe('***\n');
    expect((await config(['get', 'api-key', '--show-secrets'])).stdout).toBe('sekrit\n');
    expect((await config(['get', 'chains.gnosis.explorer-key', '--show-secrets'])).stdout).toBe('gk\n');
    expect(await config(['get', 'cache'])).toEqual(expect.objectContaining({ code: 0, stdout: '' }));
  });

  it('a value set is the one scout then uses', async () => {
    const home = configHome();
    expect((await inHome(home)(['set', 'color', 'always'])).code).toBe(0);
    const r = await runScout(['address', 'txs', ADDR.rich, '--limit', '1', '--base-url', srv.url], { env: { XDG_CONFIG_HOME: home } });
    expect(r.stdout).toMatch(SGR);
  });
});

describe.runIf(process.platform !== 'win32')('the admin key file', () => {
  const networks = (file: string, config?: Record<string, unknown>) =>
    runScout(['--api-key-file', file, '--admin-url', srv.url, 'admin', 'networks'], { env: { XDG_CONFIG_HOME: configHome(config) } });

  it('one other users can read gets the warning a config file gets, before the request', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'scout-conv-key-')), 'admin.key');
    writeFileSync(file, 'admin-secret\n', { mode: 0o644 });
    chmodSync(file, 0o644);
    const r = await networks(file);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`scout: warning: ${file} holds a key and other users can read it; run: chmod 600 ${file}\n`);
    // The config file's warning, word for word.
    const home = configHome({ 'api-key': 'admin-secret' });
    chmodSync(join(home, 'scout', 'config.json'), 0o644);
    const cfg = await runScout(['--admin-url', srv.url, 'admin', 'networks'], { env: { XDG_CONFIG_HOME: home } });
    expect(cfg.stderr.replaceAll(join(home, 'scout', 'config.json'), 'F')).toBe(r.stderr.replaceAll(file, 'F'));
    chmodSync(file, 0o600);
    expect((await networks(file)).stderr).toBe('');
  });

  it('a missing one says "no such file" with the path, before any request', async () => {
    const file = join(tmpdir(), 'scout-no-such-dir', 'admin.key');
    const before = srv.requests.length;
    const r = await networks(file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`scout: cannot read --api-key-file "${file}": no such file\nscout: see 'scout admin networks --help'\n`);
    expect(srv.requests.length).toBe(before);
  });
});

describe('piped lines and CSV', () => {
  it('a piped line has the fields --help lists, in that order', async () => {
    const r = await scout(['address', 'txs', ADDR.rich, '--limit', '2']);
    const csv = await scout(['address', 'txs', ADDR.rich, '--limit', '2', '--csv']);
    const [header, row] = csvRecords(csv.stdout);
    const fields = r.stdout.split('\n')[0]!.split('\t');
    expect(fields).toHaveLength(PIPED_COLUMNS.transactions.length);
    // The same values under the same names as in CSV, which names them.
    PIPED_COLUMNS.transactions.forEach((name, i) => expect(row![header!.indexOf(name)], name).toBe(fields[i]));
  });

  it('booleans are true or false in every piped line and CSV', async () => {
    const home = configHome();
    const chains = await runScout(['chains', '--csv'], { env: { XDG_CONFIG_HOME: home } });
    const rows = csvRecords(chains.stdout);
    const testnet = rows[0]!.indexOf('testnet');
    expect(new Set(rows.slice(1).map((r) => r[testnet]))).toEqual(new Set(['true', 'false']));
    const piped = await runScout(['chains'], { env: { XDG_CONFIG_HOME: home } });
    const i = PIPED_COLUMNS.chains.indexOf('testnet');
    expect(new Set(piped.stdout.trimEnd().split('\n').map((l) => l.split('\t')[i]))).toEqual(new Set(['true', 'false']));
    const networks = await scout(['admin', 'networks', '--api-key', 'admin-secret', '--csv']);
    const nrows = csvRecords(networks.stdout);
    for (const name of ['active', 'sent_transactions_activity_enabled', 'api_key_set']) {
      const col = nrows[0]!.indexOf(name);
      for (const r of nrows.slice(1)) expect(['true', 'false'], name).toContain(r[col]);
    }
  });
});
