/**
 * The documentation of piped columns is the column sets': src/kit/piped-columns.ts (what --help
 * reads) and README's table are what scripts/columns-doc.ts makes from them (`npm run columns`
 * after a build writes both), every list's --help lists its fields, and a piped line has exactly
 * those fields.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { pipedColumns, pipedColumnsSource, readmeWithColumns } from '../../scripts/columns-doc.js';
import { PIPED_COLUMNS } from '../../src/kit/piped-columns.js';
import { pipedHelp } from '../../src/kit/registrar.js';
import { memoryIo } from '../../src/base/io.js';
import { ROOT } from '../support/cli.js';

const fix = 'run `npm run build && npm run columns`';

describe('piped columns', () => {
  it(`src/kit/piped-columns.ts is what the column sets say (${fix})`, () => {
    expect(readFileSync(join(ROOT, 'src/kit/piped-columns.ts'), 'utf8')).toBe(pipedColumnsSource());
    expect(PIPED_COLUMNS).toEqual(pipedColumns());
  });

  it(`README's table is what the column sets say (${fix})`, async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toBe(await readmeWithColumns(readme));
    expect(readme).toContain('| `scout address txs` | 1 `hash`, 2 `block`, 3 `timestamp`,');
  });

  it('every list command’s --help lists the fields of its piped lines', async () => {
    const program = await buildProgram({ io: memoryIo(), version: '0.0.0' });
    const help = (words: string[]) => {
      let cmd: Command = program;
      for (const w of words) cmd = cmd.commands.find((c) => c.name() === w)!;
      let out = '';
      cmd.configureOutput({ writeOut: (s) => void (out += s) });
      cmd.outputHelp();
      return out;
    };
    const cases: [string[], keyof typeof PIPED_COLUMNS][] = [
      [['address', 'txs'], 'transactions'],
      [['address', 'tokens'], 'tokenBalances'],
      [['address', 'nfts'], 'nftCollections'],
      [['address', 'transfers'], 'tokenTransfers'],
      [['address', 'internal-txs'], 'internalTransactions'],
      [['address', 'withdrawals'], 'withdrawals'],
      [['tx', 'transfers'], 'tokenTransfers'],
      [['address', 'logs'], 'logs'],
      [['tx', 'logs'], 'txLogs'],
      [['tx', 'internal-txs'], 'txInternalTransactions'],
      [['tx', 'state-changes'], 'stateChanges'],
      [['search'], 'search'],
      [['admin', 'networks'], 'networks'],
      [['chains'], 'chains'],
    ];
    for (const [words, name] of cases) expect(help(words), words.join(' ')).toContain(pipedHelp(name));
    expect(help(['address', 'txs'])).toContain('  1 hash  2 block  3 timestamp  4 method');
    // scout api prints JSON only: no fields to list.
    expect(help(['api'])).not.toContain('Piped, each item');
  });
});
