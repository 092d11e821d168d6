/**
 * A command line builds only the part of the command tree its first word names (with the global
 * options), since building the whole tree is most of a lookup's start-up; anything that reads the
 * whole tree, or a line whose first word cannot be found, builds all of it.
 */
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { ENTRIES } from '../../src/commands/catalog.js';

const built = async (...args: string[]) => (await buildProgram({ io: memoryIo(), version: '0' }, ['node', 'scout', ...args])).commands.map((c) => c.name());
const ALL = ENTRIES.map((e) => e.name);

describe('the tree a command line builds', () => {
  it('holds only the topic or command the first word names, global options and their values skipped', async () => {
    expect(await built('tx', 'show', '0xab')).toEqual(['tx']);
    expect(await built('--timeout', '5', 'address', 'txs')).toEqual(['address']);
    expect(await built('--timeout=5', 'blocks', '-j')).toEqual(['blocks']);
    expect(await built('--base-url', 'http://127.0.0.1:1', '--chain', 'base', 'token', 'show')).toEqual(['token']);
    expect(await built('--verbose', 'stats')).toEqual(['stats']);
  });

  it("holds only the verb a topic's next word names, or every verb when that word is none of them", async () => {
    const verbs = async (...args: string[]) => {
      const program = await buildProgram({ io: memoryIo(), version: '0' }, ['node', 'scout', ...args]);
      return program.commands[0]!.commands.map((c) => c.name());
    };
    expect(await verbs('tx', 'show', '0xab')).toEqual(['show']);
    expect(await verbs('--timeout', '5', 'address', 'txs', '0xab')).toEqual(['txs']);
    const tx = await verbs('tx');
    expect(tx.length).toBeGreaterThan(5);
    // A slip (suggestions), an option first, an argument for the default verb, help: every verb.
    for (const args of [['tx', 'shw'], ['tx', '--help'], ['tx', '--json', 'show']]) expect(await verbs(...args), args.join(' ')).toEqual(tx);
    const address = await verbs('address');
    expect(await verbs('address', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toEqual(address);
  });

  it('is the whole tree for help, completion, no word, a word that names nothing, or an option it does not know', async () => {
    for (const args of [['help', 'address', 'txs'], ['completion', 'bash'], [], ['--timeout', '5'], ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'], ['adress', 'txs'], ['--nope', 'tx', 'show'], ['--', 'tx']]) {
      expect(await built(...args), args.join(' ')).toEqual(ALL);
    }
  });
});
