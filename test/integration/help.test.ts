/**
 * Help: every command's --help has a one-line description and an example; `scout --help` lists the
 * help topics; `scout help exit-codes` and `scout help environment` say what README.md says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, run } from '../../src/cli.js';
import { EXIT_CODES, ENVIRONMENT } from '../../src/commands/help/topics.js';
import { memoryIo } from '../../src/io.js';
import { ROOT } from '../support/cli.js';
import { runScout } from '../support/scout.js';

function paths(cmd: Command, prefix: string[] = []): string[][] {
  return [prefix, ...cmd.commands.flatMap((c) => paths(c, [...prefix, c.name()]))];
}

const program = buildProgram({ io: memoryIo(), version: '0.0.0' });
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
      else args.push(w);
    }
    if (cmd.commands.length > 0) problems.push(`scout ${cmd.name()} needs a verb`);
    const needed = cmd.registeredArguments.filter((a) => a.required).length;
    if (args.length < needed) problems.push(`scout ${cmd.name()} needs ${needed} argument(s)`);
  }
  return problems;
}

describe('examples', () => {
  it('every example in --help runs a real command with options it takes', async () => {
    const problems: string[] = [];
    for (const words of paths(program)) {
      const { out } = await helpOf([...words, '--help']);
      const examples = out.split(/\nExamples?:\n/)[1]?.split('\n\n')[0]!.split('\n').filter((l) => l.startsWith('  ')) ?? [];
      expect(examples.length, `scout ${words.join(' ')}`).toBeGreaterThan(0);
      for (const e of examples) problems.push(...exampleProblems(e).map((p) => `${e.trim()}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('the check finds a wrong example', () => {
    expect(exampleProblems('  scout address txs 0x1 --fitler to | jq .')).toEqual(['--fitler is not an option of scout txs']);
    expect(exampleProblems('  source <(scout address)')).toEqual(['scout address needs a verb']);
    expect(exampleProblems('  scout --chain base tx show --json')).toEqual(['scout show needs 1 argument(s)']);
    expect(exampleProblems('  scout --chain base tx show 0x5c50…9e1a --json | jq .status')).toEqual([]);
  });
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
    expect(r.stderr).toBe('scout: no help topic or command "exit-code"\nscout: topics: environment, exit-codes; commands: scout --help\n');
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
