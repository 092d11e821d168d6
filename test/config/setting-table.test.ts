/**
 * The settings table is the one place a setting is declared: the global options, the config file's
 * keys, the defaults, `scout help environment`, `scout config --help` and README's Settings table all
 * say what it says, and every setting is read from every source it names.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Option, type Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BODY } from '../../src/api/http.js';
import { buildProgram, run } from '../../src/cli.js';
import { ENVIRONMENT } from '../../src/commands/help/topics.js';
import { CONFIG_KEYS } from '../../src/config/file.js';
import chains from '../../src/commands/chains/chains.js';
import { attributeOf, defaultShown, OTHER_VARIABLES, setting, SETTINGS, type SettingName, type SettingSpec, optionHelp } from '../../src/config/setting-table.js';
import { type GlobalFlags, resolveSettings, type Settings } from '../../src/config/settings.js';
import { memoryIo } from '../../src/base/io.js';
import { colorWanted } from '../../src/base/node-io.js';
import { parseSize } from '../../src/base/validate.js';
import { DEFAULT_CACHE_SIZE } from '../../src/api/cache.js';
import { ROOT } from '../support/cli.js';
import { readFileSync } from 'node:fs';

const ALL: readonly SettingSpec[] = SETTINGS;
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The cells of the first Markdown table after `heading`, header and rule left out; `\|` unescaped. */
function tableAfter(text: string, heading: string): string[][] {
  const from = text.indexOf(heading);
  expect(from, `README has no "${heading}"`).toBeGreaterThanOrEqual(0);
  const lines = text.slice(from).split('\n');
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim().replace(/\\\|/g, '|')),
    );
  }
  return rows;
}

/** The `code` spans of a cell. */
const code = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
/** A cell as plain text: backticks dropped. */
const plain = (cell: string) => cell.replace(/`/g, '');

describe("README's Settings table", () => {
  const rows = tableAfter(README, '## Settings');

  it('lists every setting in table order: option, variable, config key, default', () => {
    const fromReadme = rows.map(([option, env, key, dflt]) => ({ flag: code(option!)[0] ?? '', command: /\(`scout (\w+)`\)/.exec(option!)?.[1], env: plain(env!), config: plain(key!), default: plain(dflt!) }));
    const fromTable = ALL.map((s) => ({ flag: s.flag ?? '', command: s.command, env: s.env, config: s.config ? s.name : '', default: defaultShown(s) }));
    expect(fromReadme).toEqual(fromTable);
  });

  it('names every other variable help environment names', () => {
    const others = tableAfter(README, 'Besides the variables in the table').map(([name]) => code(name!).join(', '));
    expect(others).toEqual(OTHER_VARIABLES.map(([name]) => name));
  });
});

/** Every command, the root first. */
function commands(cmd: Command): Command[] {
  return [cmd, ...cmd.commands.flatMap(commands)];
}

const program = await buildProgram({ io: memoryIo(), version: '0.0.0' });

describe('options', () => {

  it('the global options are the table’s, in its order, with the help it builds', () => {
    const globals = program.options.filter((o) => o.long !== '--version' && o.long !== '--help');
    const fromTable = ALL.filter((s) => s.flag && !s.command).flatMap((s) => [[s.flag, optionHelp(s)], ...(s.negate ? [[s.negate.flag, s.negate.help]] : [])]);
    expect(globals.map((o) => [o.flags, o.description])).toEqual(fromTable);
  });

  it('an option a command declares for a setting is built from the table', () => {
    for (const s of ALL.filter((x) => x.command)) {
      const cmd = program.commands.find((c) => c.name() === s.command)!;
      const o = cmd.options.find((x) => x.flags === s.flag);
      expect(o?.description, `${s.command} ${s.flag}`).toBe(optionHelp(s));
    }
  });

  it('no command declares an option of a setting on its own', () => {
    const flags = new Set(ALL.map((s) => s.flag?.split(' ')[0]));
    for (const cmd of commands(program).slice(1)) {
      for (const o of cmd.options) {
        if (!flags.has(o.long)) continue;
        const s = ALL.find((x) => x.flag === o.flags);
        expect(s?.command, `${cmd.name()} ${o.flags}`).toBe(cmd.name());
      }
    }
  });

  it('commander hands each value over under the name the table reads it by', () => {
    for (const s of ALL.filter((x) => x.flag)) expect(new Option(s.flag!).attributeName(), s.name).toBe(attributeOf(s));
  });

  it('the help lines say the variable and the default', () => {
    expect(optionHelp(setting('retries'))).toBe('retries for failed requests, 0 to 20 (env SCOUT_RETRIES; default 3)');
    expect(optionHelp(setting('pro'))).toBe('use the hosted PRO API for --chain, with the explorer key as a bearer token (env SCOUT_PRO=1)');
  });
});

describe('help texts', () => {
  it('scout help environment gives every variable a line', () => {
    for (const name of [...ALL.map((s) => s.env), ...OTHER_VARIABLES.map(([n]) => n)]) expect(ENVIRONMENT).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  });

  it.each([['help environment', ['help', 'environment']], ['scout config --help', ['config', '--help']]])('%s gives every config key a line', async (_name, words) => {
    const io = memoryIo();
    expect(await run(['node', 'scout', ...words], io)).toBe(0);
    for (const key of CONFIG_KEYS) expect(io.stdout()).toMatch(new RegExp(`^  ${key} +\\S`, 'm'));
  });

  it('long lines wrap under their text, a default kept whole', () => {
    expect(ENVIRONMENT).toContain('  SCOUT_BASE_URL        explorer base URL, like --base-url\n                        (default https://eth.blockscout.com)\n');
    for (const line of ENVIRONMENT.split('\n')) if (line.startsWith('  SCOUT_')) expect(line.length, line).toBeLessThanOrEqual(80);
  });
});

describe('the config file', () => {
  it('takes the table’s config keys, plus chains', () => {
    expect(CONFIG_KEYS).toEqual([...ALL.filter((s) => s.config).map((s) => s.name), 'chains']);
  });
});

/** A config dir holding `config`, plus `extra` variables. */
function envWith(config: Record<string, unknown> = {}, extra: Record<string, string> = {}): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'scout-table-'));
  mkdirSync(join(dir, 'scout'));
  writeFileSync(join(dir, 'scout', 'config.json'), JSON.stringify(config), { mode: 0o600 });
  return { HOME: join(dir, 'home'), XDG_CONFIG_HOME: dir, ...extra };
}

describe('defaults', () => {
  it('the table’s defaults are the ones used', () => {
    const s = resolveSettings({}, envWith());
    expect(s.explorer().baseUrl).toBe(setting('base-url').default);
    expect(s.adminUrl).toBe(setting('admin-url').default);
    expect(s.timeoutMs).toBe(Number(setting('timeout').default) * 1000);
    expect(s.retries).toBe(Number(setting('retries').default));
    expect(resolveSettings({ pro: true, chain: 'base', explorerKey: 'k' }, envWith()).explorer().baseUrl).toBe(`${setting('pro-url').default}/8453`);
    // Unset, --max-body leaves the HTTP layer its own default: the same size.
    expect(parseSize(setting('max-body').default, 'max-body', Infinity)).toBe(DEFAULT_MAX_BODY);
    // Unset, --cache-size leaves the cache its own default: the same size.
    expect(s.cacheMaxBytes).toBeUndefined();
    expect(parseSize(setting('cache-size').default, 'cache-size', Infinity)).toBe(DEFAULT_CACHE_SIZE);
    expect(chains.options?.registryUrl.default).toBe(setting('registry-url').default);
  });
});

/**
 * For each setting resolveSettings reads: a value, what the settings make of it, and the variables
 * it needs beside it. Each is set through every source the table names for it.
 */
const PROBES: Partial<Record<SettingName, { value: string; seen: (s: Settings) => unknown; expected: unknown; with?: Record<string, string> }>> = {
  'base-url': { value: 'http://127.0.0.1:1', seen: (s) => s.explorer().baseUrl, expected: 'http://127.0.0.1:1' },
  chain: { value: 'gnosis', seen: (s) => s.explorer().baseUrl, expected: 'https://gnosis.blockscout.com' },
  'explorer-key': { value: 'ek', seen: (s) => s.explorerKey, expected: 'ek' },
  pro: { value: '1', seen: (s) => s.explorer().pro, expected: true, with: { SCOUT_CHAIN: 'base', SCOUT_EXPLORER_KEY: 'k' } },
  'pro-url': { value: 'https://pro.example', seen: (s) => s.explorer().baseUrl, expected: 'https://pro.example/8453', with: { SCOUT_PRO: '1', SCOUT_CHAIN: 'base', SCOUT_EXPLORER_KEY: 'k' } },
  'admin-url': { value: 'https://admin.example', seen: (s) => s.adminUrl, expected: 'https://admin.example' },
  'api-key': { value: 'ak', seen: (s) => s.adminKey(), expected: 'ak' },
  'api-key-file': { value: '', seen: (s) => s.adminKey(), expected: 'from-the-file' },
  timeout: { value: '9', seen: (s) => s.timeoutMs, expected: 9000 },
  retries: { value: '7', seen: (s) => s.retries, expected: 7 },
  'max-body': { value: '1KiB', seen: (s) => s.maxBodyBytes, expected: 1024 },
  'jq-timeout': { value: '2.5', seen: (s) => s.jq.timeoutMs, expected: 2500 },
  'jq-max-memory': { value: '2GiB', seen: (s) => s.jq.maxMemoryBytes, expected: 2 * 1024 ** 3 },
  cache: { value: '5m', seen: (s) => s.cacheTtlMs, expected: 300_000 },
  'cache-size': { value: '2GiB', seen: (s) => s.cacheMaxBytes, expected: 2 * 1024 ** 3 },
  insecure: { value: '1', seen: (s) => s.insecure, expected: true },
  verbose: { value: '1', seen: (s) => s.verbose, expected: true },
  color: { value: 'always', seen: (s) => s.color, expected: 'always' },
  time: { value: 'absolute', seen: (s) => s.time, expected: 'absolute' },
};
/** Settings read elsewhere, each with its own test below. */
const ELSEWHERE: SettingName[] = ['registry-url'];

describe('every setting is read from every source the table names', () => {
  it('each setting has a probe here or is read elsewhere', () => {
    expect(ALL.map((s) => s.name).filter((n) => !PROBES[n as SettingName] && !ELSEWHERE.includes(n as SettingName))).toEqual([]);
  });

  const keyFile = join(mkdtempSync(join(tmpdir(), 'scout-table-key-')), 'admin.key');
  writeFileSync(keyFile, 'from-the-file\n');
  const cases = ALL.flatMap((s) => {
    const p = PROBES[s.name as SettingName];
    if (!p) return [];
    const value = s.name === 'api-key-file' ? keyFile : p.value;
    const sources: [string, GlobalFlags, Record<string, unknown>, Record<string, string>][] = [[s.env, {}, {}, { [s.env]: value }]];
    if (s.flag && !s.command) sources.push([s.flag.split(' ')[0]!, { [attributeOf(s)]: s.kind === 'switch' ? true : value }, {}, {}]);
    if (s.config) sources.push([`"${s.name}" in the file`, {}, { [s.name]: s.kind === 'switch' ? value === '1' : value }, {}]);
    return sources.map(([from, flags, file, env]) => [s.name, from, flags, file, { ...p.with, ...env }, p] as const);
  });

  it.each(cases)('%s from %s', (_name, _from, flags, file, env, p) => {
    expect(p.seen(resolveSettings(flags, envWith(file, env)))).toEqual(p.expected);
  });

  it('NO_COLOR turns colour off', () => {
    expect(colorWanted({}, true)).toBe(true);
    expect(colorWanted({ NO_COLOR: '1' }, true)).toBe(false);
  });

  it('--no-color is the color setting at never, and wins over the variable and the file', () => {
    expect(resolveSettings({ color: false }, envWith({ color: 'always' }, { SCOUT_COLOR: 'always' })).color).toBe('never');
    expect(resolveSettings({}, envWith({ color: 'Always' })).color).toBe('always');
    expect(resolveSettings({}, envWith()).color).toBe('auto');
  });

  it('a color that is not auto, always or never is a usage error naming its source', () => {
    expect(() => resolveSettings({ color: 'sometimes' }, envWith())).toThrow('invalid --color "sometimes": expected auto, always, never');
    expect(() => resolveSettings({}, envWith({}, { SCOUT_COLOR: 'yes' }))).toThrow('invalid SCOUT_COLOR "yes": expected auto, always, never');
  });

  it('SCOUT_REGISTRY_URL is the registry scout chains --refresh fetches, checked before any request', async () => {
    const io = memoryIo({ env: { ...envWith(), [setting('registry-url').env]: 'https://user:pw@registry.example' } });
    expect(await run(['node', 'scout', 'chains', '--refresh'], io)).toBe(2);
    expect(io.stderr()).toMatch(/^scout: invalid SCOUT_REGISTRY_URL: credentials in the URL are not supported\n/);
  });
});
