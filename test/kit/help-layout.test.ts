/**
 * Help that reads (issue 22, items 9 and 10): `scout --help` names every area in its description,
 * then lists the commands grouped by area, then the examples and topics, and the global options
 * last; every line of every command's help fits 80 columns piped and the terminal's width on a
 * terminal (a word longer than the width, such as a URL, is the only exception), and an example too
 * long for one line is continued with ` \` so that it still pastes into a shell.
 */
import { execFileSync } from 'node:child_process';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram, run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { exampleText, wrapText } from '../../src/kit/help-text.js';

function paths(cmd: Command, prefix: string[] = []): string[][] {
  return [prefix, ...cmd.commands.flatMap((c) => paths(c, [...prefix, c.name()]))];
}

const program = await buildProgram({ io: memoryIo(), version: '0.0.0' });

async function help(words: string[], tty?: { width: number }): Promise<string> {
  const io = memoryIo(tty ? { stdoutIsTTY: true, width: tty.width } : {});
  expect(await run(['node', 'scout', ...words, '--help'], io)).toBe(0);
  return io.stdout();
}

/** Lines wider than `width` that are not one unbreakable word after their indent. */
const tooWide = (text: string, width: number) => text.split('\n').filter((l) => l.length > width && /\S\s+\S/.test(l.trim().replace(/ \\$/, '')));

describe('scout --help', () => {
  it('names every area, then the commands by area, then examples, topics and the global options last', async () => {
    const out = await help([]);
    const lines = out.split('\n');
    const description = out.slice(out.indexOf('\n\n') + 2, out.indexOf('\n\n', out.indexOf('\n\n') + 2)).replace(/\s+/g, ' ');
    for (const area of ['addresses', 'transactions', 'blocks', 'tokens', 'contracts', 'search', 'network', 'many chains', 'admin']) expect(description).toContain(area);
    const at = (heading: string) => lines.indexOf(heading);
    // The commands come first: the first area starts within the first ten lines.
    expect(at('Look up:')).toBeGreaterThan(0);
    expect(at('Look up:')).toBeLessThan(10);
    const order = ['Look up:', 'Find and open:', 'Network and chains:', 'Admin and raw API:', 'Set up:', 'Examples:', 'Help topics:', 'Global options (every command takes them):'].map(at);
    expect(order.every((n) => n > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Every command is in one area, once.
    const listed = lines.filter((l) => /^ {2}[a-z]/.test(l) && !l.startsWith('  scout')).map((l) => l.trim().split(' ')[0]);
    expect(listed.sort()).toEqual(program.commands.map((c) => c.name()).sort());
    // Options only in the last section.
    expect(lines.slice(0, order.at(-1)).filter((l) => /^ {2}-/.test(l))).toEqual([]);
    expect(lines.slice(order.at(-1)).filter((l) => /^ {2}--chain /.test(l))).toHaveLength(1);
  });
});

describe('every command’s help fits', () => {
  const all = paths(program);

  it('80 columns piped', async () => {
    const wide: string[] = [];
    for (const words of all) for (const l of tooWide(await help(words), 80)) wide.push(`${words.join(' ') || '(root)'}: ${l}`);
    expect(wide).toEqual([]);
  });

  it('the terminal’s width on a terminal (60 columns)', async () => {
    const wide: string[] = [];
    for (const words of all) for (const l of tooWide(await help(words, { width: 60 }), 60)) wide.push(`${words.join(' ') || '(root)'}: ${l}`);
    expect(wide).toEqual([]);
  });

  it('a long example is continued with a backslash and a shell reads it back as the same words', async () => {
    const out = await help(['tx', 'state-changes']);
    expect(out).toMatch(/\n {2}scout tx state-changes \\\n {4}0x[0-9a-f]{64}( --\w+)*\n/);
    for (const example of ["scout --chain base tx show 0x5b97c69211cda5d0ac192302f478a7046da72004438beae14164550e2722d380 --json | jq -r '.status, .method'"]) {
      const text = exampleText(example, 60);
      expect(tooWide(text, 60)).toEqual([]);
      expect(text.split('\n').length).toBeGreaterThan(2);
      const words = (s: string) => execFileSync('sh', ['-c', `for w in ${s.replace(/\|.*$/, '')}; do echo "$w"; done`], { encoding: 'utf8' });
      expect(words(text.trim())).toBe(words(example));
    }
  });
});

describe('wrapText', () => {
  it('wraps a paragraph at spaces, keeping the indent of a list item under its text', () => {
    expect(wrapText('- one two three four five', 12)).toBe('- one two\n  three four\n  five');
    expect(wrapText('    indented words here', 14)).toBe('    indented\n    words here');
    expect(wrapText('short', 10)).toBe('short');
    expect(wrapText('https://a-very-long-url.example/path', 10)).toBe('https://a-very-long-url.example/path');
  });
});
