/**
 * Start-up: --help and --version load commander and our own wiring, never the HTTP client, the
 * schemas, the spinner or the table renderer (STYLE.md, habit 10). Measured by recording every module
 * the process resolves.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, ROOT } from '../support/cli.js';

function modulesLoadedBy(args: string[], status = 0): string[] {
  const file = join(mkdtempSync(join(tmpdir(), 'scout-trace-')), 'imports.txt');
  const r = spawnSync(process.execPath, ['--import', join(ROOT, 'test/support/trace-imports.mjs'), BIN, ...args], {
    env: cleanEnv({ SCOUT_TRACE_IMPORTS: file }),
    encoding: 'utf8',
  });
  expect(r.status).toBe(status);
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

const HEAVY = /node_modules\/(undici|zod|ora|chalk|cli-table3)\//;

describe('start-up', () => {
  it.each([[['--version']], [['--help']], [['address', '--help']], [['tx', 'show', '--help']]])('%j loads no HTTP client, schemas or spinner', (args) => {
    const mods = modulesLoadedBy(args);
    expect(mods.some((m) => m.includes('/dist/cli.js'))).toBe(true);
    expect(mods.filter((m) => HEAVY.test(m))).toEqual([]);
    expect(mods.filter((m) => /\/dist\/(api|render|commands\/[^/]+\/(?!index))/.test(m))).toEqual([]);
  });

  it('completion bash loads no HTTP client, schemas, spinner or renderer either', () => {
    const mods = modulesLoadedBy(['completion', 'bash']);
    expect(mods.some((m) => m.includes('/dist/commands/completion/bash.js'))).toBe(true);
    expect(mods.filter((m) => HEAVY.test(m))).toEqual([]);
    // The token type lists come from api/endpoints.js, which imports only types.
    expect(mods.filter((m) => /\/dist\/(api\/(?!endpoints\.js)|render\/|config\/(?!chain-table\.js))/.test(m))).toEqual([]);
  });

  it('a lookup does load them (the check above can see them)', () => {
    const mods = modulesLoadedBy(['address', 'txs', '0x1234'], 2);
    // Refused as bad input, yet the command module was imported to parse it.
    expect(mods.some((m) => m.includes('/dist/commands/address/txs.js'))).toBe(true);
  });
});

describe('library entry', () => {
  it('the package exports the client, the paginator and the endpoints, typed', async () => {
    const lib = await import('scout-cli');
    expect(typeof lib.ExplorerClient).toBe('function');
    expect(typeof lib.paginate).toBe('function');
    expect(lib.addressTransactions('0x' + '1'.repeat(40), { filter: 'to' })).toEqual({
      path: `/api/v2/addresses/0x${'1'.repeat(40)}/transactions`,
      params: [['filter', 'to']],
      what: `address 0x${'1'.repeat(40)}`,
    });
  });
});
