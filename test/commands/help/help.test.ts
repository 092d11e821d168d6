/**
 * Help: every command's --help has a one-line description and an example; `scout --help` lists the
 * help topics; `scout help exit-codes` and `scout help environment` say what README.md says.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram, run } from '../../../src/cli.js';
import { EXIT_CODES, ENVIRONMENT } from '../../../src/commands/help/topics.js';
import { InterruptedError } from '../../../src/base/errors.js';
import { memoryIo } from '../../../src/base/io.js';
import { ROOT } from '../../support/cli.js';
import { chainsCachePath } from '../../../src/config/paths.js';
import { parseRegistry, writeChainsCache } from '../../../src/config/registry.js';
import { runScout } from '../../support/scout.js';
import { DEFAULT_ADMIN_KEY, type FakeServer, startServer } from '../../support/server.js';

function paths(cmd: Command, prefix: string[] = []): string[][] {
  return [prefix, ...cmd.commands.flatMap((c) => paths(c, [...prefix, c.name()]))];
}

const program = await buildProgram({ io: memoryIo(), version: '0.0.0' });
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

async function helpOf(words: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIo();
  const code = await run(['node', 'scout', ...words], io);
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('every command’s --help', () => {
  it.each(paths(program).map((p) => [p.join(' ') || '(root)', p] as const))('%s: usage, a one-line description and an example', async (_name, words) => {
    const { code, out, err } = await helpOf([...words, '--help']);
    expect(code).toBe(0);
    expect(err).toBe('');
    const [usage, blank, description, after] = out.split('\n');
    expect(usage).toMatch(new RegExp(`^Usage: scout${words.map((w) => ' ' + w).join('')}\\b`));
    expect(blank).toBe('');
    expect(description).toMatch(/^\S.{10,}$/);
    if (words.length > 0) expect(after).toBe(''); // the description fits one line
    expect(out).toMatch(/\nExamples?:\n {2}(scout |source |SCOUT_|mkdir )/);
  });
});

/** The verb commander runs for a topic followed by anything but a verb, if the topic has one. */
function defaultVerb(cmd: Command): Command | undefined {
  const name = (cmd as unknown as { _defaultCommandName?: string | null })._defaultCommandName;
  return name ? cmd.commands.find((c) => c.name() === name) : undefined;
}

/**
 * What is wrong with the `scout …` command lines in one example line: an unknown command or option,
 * a topic without its verb, a missing argument. Words after a pipe, `&&` or `)` are not scout's.
 */
function exampleProblems(line: string): string[] {
  const problems: string[] = [];
  for (const m of line.matchAll(/(?:^|[\s(])scout((?:\s+[^\s|&;)"]+)*)/g)) {
    let cmd = program;
    const args: string[] = [];
    const words = m[1]!.trim().split(/\s+/).filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (w.startsWith('-')) {
        let option;
        for (let c: Command | null = cmd; c && !option; c = c.parent) option = c.options.find((o) => o.long === w || o.short === w);
        if (!option) problems.push(`${w} is not an option of scout ${cmd.name()}`);
        else if (option.required || option.optional) i++;
        continue;
      }
      const sub = args.length === 0 ? cmd.commands.find((c) => c.name() === w) : undefined;
      if (sub) cmd = sub;
      else {
        // A topic's default verb takes the word instead (`scout block 19000000` is `scout block show 19000000`).
        const verb = args.length === 0 ? defaultVerb(cmd) : undefined;
        if (verb) cmd = verb;
        args.push(w);
      }
    }
    if (cmd.commands.length > 0) problems.push(`scout ${cmd.name()} needs a verb`);
    const needed = cmd.registeredArguments.filter((a) => a.required).length;
    if (args.length < needed) problems.push(`scout ${cmd.name()} needs ${needed} argument(s)`);
  }
  return problems;
}

/** The examples of a --help, one line each: a line continued with ` \\` joined to the next. */
function examplesIn(help: string): string[] {
  const section = help.split(/\nExamples?:\n/)[1]?.split('\n\n')[0];
  return section === undefined ? [] : section.replace(/ \\\n {4}/g, ' ').split('\n').filter((l) => l.startsWith('  '));
}

describe('examples', () => {
  it('every example in --help runs a real command with options it takes', async () => {
    const problems: string[] = [];
    for (const words of paths(program)) {
      const { out } = await helpOf([...words, '--help']);
      const examples = examplesIn(out);
      expect(examples.length, `scout ${words.join(' ')}`).toBeGreaterThan(0);
      for (const e of examples) problems.push(...exampleProblems(e).map((p) => `${e.trim()}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('the check finds a wrong example', () => {
    expect(exampleProblems('  scout address txs 0x1 --fitler to | jq .')).toEqual(['--fitler is not an option of scout txs']);
    expect(exampleProblems('  source <(scout address)')).toEqual(['scout address needs a verb']);
    expect(exampleProblems('  scout address vitalik.eth --fitler to')).toEqual(['--fitler is not an option of scout show']);
    // A topic with a default verb: the word goes to it, and so do the options after it.
    expect(exampleProblems('  scout block 19000000 --json')).toEqual([]);
    expect(exampleProblems('  scout block 19000000 --jsn')).toEqual(['--jsn is not an option of scout show']);
    expect(exampleProblems('  scout block')).toEqual(['scout block needs a verb']);
    expect(exampleProblems('  scout --chain base tx show --json')).toEqual(['scout show needs 1 argument(s)']);
    expect(exampleProblems('  scout --chain base tx show 0x5c50…9e1a --json | jq .status')).toEqual([]);
  });
});

/** The example lines of every --help, and the lines of README's shell code blocks that run scout. */
async function allExamples(): Promise<string[]> {
  const lines: string[] = [];
  for (const words of paths(program)) {
    const { out } = await helpOf([...words, '--help']);
    const examples = examplesIn(out);
    lines.push(...examples.map((e) => e.trim()));
  }
  let block: string | undefined;
  for (const line of README.split('\n')) {
    if (line.startsWith('```')) block = block === undefined ? line.slice(3) : undefined;
    else if ((block === 'sh' || block === 'bash') && !line.startsWith('#')) lines.push(line);
  }
  return lines;
}

/**
 * The `scout …` command lines in one shell line: up to a pipe, `&&`, `;`, a redirect, `)` or a quote,
 * a trailing comment dropped. `node bin/scout.js` is not one (it is the checkout, not the command).
 */
function scoutCommands(line: string): string[] {
  const code = line.replace(/(^|\s)#.*$/, '');
  // A word may hold single-quoted parts (a --jq filter with its own pipes).
  return [...code.matchAll(/(?:^|[\s(])(scout(?:[ \t]+(?:'[^']*'|[^\s|&;)"'<>#])+)*)/g)].map((m) => m[1]!);
}

describe('examples can be copied', () => {
  let srv: FakeServer;
  const home = mkdtempSync(join(tmpdir(), 'scout-examples-'));
  const config = join(home, '.config');
  beforeAll(async () => {
    srv = await startServer();
    // What the examples assume: an admin key file where they name it, and (README, Chains) a chains
    // cache from `scout chains --refresh` that knows scroll-testnet (and, for --chains all, a mainnet
    // Blockscout hosts).
    mkdirSync(join(config, 'scout'), { recursive: true });
    writeFileSync(join(config, 'scout', 'admin.key'), DEFAULT_ADMIN_KEY + '\n', { mode: 0o600 });
    const registry = {
      '1': { name: 'Ethereum', isTestnet: false, native_currency: 'ETH', explorers: [{ url: 'https://eth.blockscout.com', hostedBy: 'blockscout' }] },
      'scroll-testnet': { chainId: 534351, name: 'Scroll Testnet', isTestnet: true, native_currency: 'ETH', explorers: [{ url: 'https://scroll-sepolia.blockscout.com' }] } };
    writeChainsCache(chainsCachePath({ XDG_CONFIG_HOME: config }), { version: 1, source: 'test', fetched_at: new Date().toISOString(), chains: parseRegistry(JSON.stringify(registry)) });
  });
  afterAll(() => srv.close());

  it('finds the scout command lines in a shell line', () => {
    expect(scoutCommands('scout tx show 0xab --json | jq .status')).toEqual(['scout tx show 0xab --json']);
    expect(scoutCommands('mkdir -p "$(dirname "$(scout config path)")" && $EDITOR "$(scout config path)"')).toEqual(['scout config path', 'scout config path']);
    expect(scoutCommands('scout completion bash > ~/.local/share/bash-completion/completions/scout')).toEqual(['scout completion bash']);
    expect(scoutCommands('scout chains                       # the chains --chain knows')).toEqual(['scout chains']);
    expect(scoutCommands('npm ci && node bin/scout.js address txs 0x1')).toEqual([]);
    expect(scoutCommands("scout address txs 0x1 --jq '.[] | .hash' | head -1")).toEqual(["scout address txs 0x1 --jq '.[] | .hash'"]);
  });

  it('every example in --help and README is whole (no elided value) and passes every check: never exit 2', async () => {
    const problems: string[] = [];
    const commands = (await allExamples()).flatMap(scoutCommands);
    expect(commands.length).toBeGreaterThan(30);
    for (const command of commands) {
      if (command.includes('…')) problems.push(`${command}: an elided value`);
      // The words a shell makes of it (~ is the test's home).
      const words = execFileSync('bash', ['-c', `printf '%s\\0' ${command}`], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home } })
        .split('\0')
        .slice(1, -1);
      // Against the local fake: its own --base-url, unless the example is about the PRO API (which
      // refuses a base URL and goes to SCOUT_PRO_URL). --chains refuses a base URL too and goes to
      // each chain's own explorer: through the PRO API, every chain reaches the fake.
      const args = words.includes('--pro') ? words : words.includes('--chains') ? [...words, '--pro'] : [...words, '--base-url', srv.url];
      // An example that follows (--watch, --wait) runs until Ctrl-C: it comes at its first wait.
      const ctrl = new AbortController();
      const r = await runScout(args, {
        signal: ctrl.signal,
        sleep: async () => {
          ctrl.abort();
          throw new InterruptedError('interrupted');
        },
        env: {
          HOME: home,
          XDG_CONFIG_HOME: config,
          SCOUT_ADMIN_URL: srv.url,
          SCOUT_ADMIN_KEY: DEFAULT_ADMIN_KEY,
          SCOUT_EXPLORER_KEY: 'example-explorer-key',
          SCOUT_PRO_URL: srv.url,
          SCOUT_REGISTRY_URL: `${srv.url}/api/chains`,
        },
      });
      if (r.code === 2) problems.push(`${command}: exit 2: ${r.stderr.trim()}`);
    }
    expect(problems).toEqual([]);
    // Every example of every command runs here, one after another: room to grow with the commands.
  }, 120_000);
});

describe('help topics', () => {
  it('scout --help lists them', async () => {
    const { out } = await helpOf(['--help']);
    expect(out).toMatch(/\nHelp topics:\n {2}scout help environment +\S.*\n {2}scout help exit-codes +\S/);
  });

  it('scout help exit-codes and scout help environment print the topic', async () => {
    expect(await runScout(['help', 'exit-codes'])).toMatchObject({ code: 0, stdout: EXIT_CODES, stderr: '' });
    expect(await runScout(['help', 'environment'])).toMatchObject({ code: 0, stdout: ENVIRONMENT, stderr: '' });
  });

  it('scout help <command> is that command’s --help; an unknown topic is exit 2', async () => {
    expect((await helpOf(['help', 'address', 'txs'])).out).toBe((await helpOf(['address', 'txs', '--help'])).out);
    const r = await runScout(['help', 'exit-code']);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe('scout: no help topic or command "exit-code"\nscout: topics: environment, exit-codes, times; commands: scout --help\nscout: see \'scout help --help\'\n');
  });

  it('README documents every exit code and every environment variable the topics name, and no other', () => {
    const codes = [...EXIT_CODES.matchAll(/^ {2}(\d+) /gm)].map((m) => m[1]);
    expect(codes).toEqual(['0', '1', '2', '3', '4', '5', '130']);
    for (const c of codes) expect(README).toMatch(new RegExp(`^\\| ${c} \\|`, 'm'));
    const vars = (text: string) => [...new Set([...text.matchAll(/\b(SCOUT_[A-Z_]+|NO_COLOR|FORCE_COLOR|XDG_CONFIG_HOME)\b/g)].map((m) => m[1]))].sort();
    expect(vars(ENVIRONMENT).length).toBeGreaterThanOrEqual(12);
    expect(vars(README)).toEqual(vars(ENVIRONMENT));
  });
});
