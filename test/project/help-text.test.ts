/**
 * The help the entry prints without loading the program (src/launch.ts) is text the build rendered
 * (dist/cli/help.json): it must be, byte for byte, what commander prints live, for every command of
 * the tree, and the entry must print exactly it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import type { HelpTexts } from '../../src/launch.js';
import { ROOT, runCli } from '../support/cli.js';
import { runScout } from '../support/scout.js';

const prebuilt = JSON.parse(readFileSync(join(ROOT, 'dist/cli/help.json'), 'utf8')) as HelpTexts;

/** Every command of the live tree by the words naming it ('' for scout itself), and which are topics. */
async function liveTree(): Promise<{ words: string[]; topic: boolean }[]> {
  const all: { words: string[]; topic: boolean }[] = [];
  const walk = (cmd: Command, words: string[]) => {
    all.push({ words, topic: words.length > 0 && cmd.commands.length > 0 });
    for (const c of cmd.commands) walk(c, [...words, c.name()]);
  };
  walk(await buildProgram({ io: memoryIo(), version: '0.0.0' }), []);
  return all;
}

const tree = await liveTree();

describe('prebuilt help', () => {
  it('has a text for every command of the tree and for nothing else', () => {
    expect(Object.keys(prebuilt.help).sort()).toEqual(tree.map((c) => c.words.join(' ')).sort());
    expect([...prebuilt.topics].sort()).toEqual(tree.filter((c) => c.topic).map((c) => c.words.join(' ')).sort());
  });

  it.each(tree.map((c) => [c.words.join(' ') || '(scout)', c.words] as const))('%s --help is what commander prints live', async (_name, words) => {
    const live = await runScout([...words, '--help']);
    expect(live.code).toBe(0);
    expect(prebuilt.help[words.join(' ')]).toBe(live.stdout);
  });

  it.each(tree.filter((c) => c.topic).map((c) => [c.words.join(' ')] as const))('%s without a verb: the same text on stderr, exit 2', async (name) => {
    const live = await runScout([name]);
    expect(live).toMatchObject({ code: 2, stdout: '', stderr: prebuilt.help[name] });
  });
});

describe('the entry prints it', () => {
  it.each([[['--help']], [['-h']], [[]], [['tx', 'show', '--help']], [['address', 'txs', '-h']]])('%j', async (args) => {
    const [cli, live] = await Promise.all([runCli(args), runScout(args)]);
    expect(cli).toMatchObject({ code: 0, stdout: live.stdout, stderr: '' });
  });

  it('a topic without a verb: on stderr, exit 2', async () => {
    const [cli, live] = await Promise.all([runCli(['tx']), runScout(['tx'])]);
    expect(cli).toMatchObject({ code: 2, stdout: '', stderr: live.stderr });
    expect(live.code).toBe(2);
  });

  it.each([[['nosuch', '--help']], [['tx', 'show', '0x12', '--help']], [['--verbose', 'tx', '--help']], [['chains']]])(
    'leaves %j to the program, which prints what it prints in-process',
    async (args) => {
      const [cli, live] = await Promise.all([runCli(args), runScout(args)]);
      expect(cli).toMatchObject({ code: live.code, stdout: live.stdout, stderr: live.stderr });
      expect(live.stdout).not.toBe('');
    },
  );
});
