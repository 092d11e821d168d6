/**
 * Whole commands against a server sending shapes meant to crash them (issue 9, item 7): items nested
 * 100,000 levels deep in every mode, `next_page_params` of every wrong type in compact and spaced
 * bodies, transactions with fields of the wrong type or no object at all. Each gives output, or one
 * `scout: …` line and exit 1; never `unexpected error`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { type BodyServer, serveBodies } from '../support/bodies.js';
import { memoryIo } from '../../src/base/io.js';
import { arrayElements, formatRaw, objectMembers } from '../../src/base/json/lossless.js';

const ADDR = '0x' + '1'.repeat(40);
const HASH = '0x' + '2'.repeat(64);
const TXS = `/api/v2/addresses/${ADDR}/transactions`;
const TX = `/api/v2/transactions/${HASH}`;
const TRACE = `${TX}/raw-trace`;
const DEPTH = 100_000;
const NOW = Date.UTC(2025, 7, 11, 10);

let srv: BodyServer;
let base = '';
let bodies: Map<string, string>;
const home = mkdtempSync(join(tmpdir(), 'scout-shapes-'));

beforeAll(async () => {
  srv = await serveBodies();
  ({ url: base, bodies } = srv);
});
afterAll(() => srv.close());

interface Mode {
  name: string;
  flags: string[];
  tty: boolean;
}
const LIST_MODES: Mode[] = [
  { name: 'table', flags: [], tty: true },
  { name: 'piped', flags: [], tty: false },
  { name: 'CSV', flags: ['--csv'], tty: false },
  { name: 'JSON on a terminal', flags: ['--json'], tty: true },
  { name: 'JSON piped', flags: ['--json'], tty: false },
  { name: 'NDJSON', flags: ['--ndjson'], tty: false },
];
const DOC_MODES = LIST_MODES.filter((m) => m.name !== 'CSV');

async function scout(args: string[], tty: boolean) {
  const io = memoryIo({ stdoutIsTTY: tty, color: tty, width: 120, now: () => NOW, env: { HOME: home, XDG_CONFIG_HOME: home } });
  const code = await run(['node', 'scout', ...args, '--base-url', base, '--retries', '0'], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

// JSON on a terminal is coloured (issue 22, item 24): the colour off, it is the same JSON.
// eslint-disable-next-line no-control-regex
const compact = (s: string) => formatRaw(s.replace(/\u001b\[\d+m/g, ''), 0);
const deepArray = (bottom = '"\\u001b]0;title\\u0007"') => '['.repeat(DEPTH) + bottom + ']'.repeat(DEPTH);
const deepObject = () => '{"a":'.repeat(DEPTH) + '2.0e3' + '}'.repeat(DEPTH);

describe('an item nested 100,000 levels deep', () => {
  const item = `{"hash":"${HASH}","method":${deepArray()},"from":{"hash":"${ADDR}","name":${deepObject()}},"value":"1"}`;
  const bodiesOf = [
    ['compact', `{"items":[${item}],"next_page_params":null}`],
    ['spaced', `{ "items": [ ${item} ], "next_page_params": null }`],
  ];

  it.each(LIST_MODES)('a list, $name: output, exit 0; JSON carries the item exactly', async ({ flags, tty, name }) => {
    for (const [spacing, body] of bodiesOf) {
      bodies.set(TXS, body!);
      const r = await scout(['address', 'txs', ADDR, ...flags], tty);
      expect(r.code, `${spacing}: ${r.stderr}`).toBe(0);
      expect(r.stderr).not.toContain('unexpected error');
      expect(r.stdout.length).toBeGreaterThan(0);
      if (flags.includes('--json')) expect(compact(r.stdout.trimEnd()), spacing).toBe(compact(`[${item}]`));
      if (flags.includes('--ndjson')) expect(compact(r.stdout.trimEnd()), spacing).toBe(compact(item));
      if (name === 'JSON on a terminal') expect(r.stdout.length).toBeLessThan(body!.length * 4);
    }
  });

  it.each(DOC_MODES)('tx show, $name', async ({ flags, tty }) => {
    const body = `{"hash":${deepArray()},"timestamp":${deepObject()},"status":"ok","token_transfers":[${deepArray()}],"token_transfers_overflow":true}`;
    bodies.set(TX, body);
    const r = await scout(['tx', 'show', HASH, ...flags], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('unexpected error');
    if (flags.length) expect(compact(r.stdout.trimEnd())).toBe(compact(body));
    else expect(r.stdout).toContain('Transaction');
  });

  // The call tree (on a terminal; piped is the same walk) and pretty JSON (the pass-through modes are
  // the list's and tx show's).
  it.each(DOC_MODES.filter((m) => m.name === 'table' || m.name === 'JSON on a terminal'))('tx trace, calls nested 100,000 deep, $name', async ({ flags, tty }) => {
    const body = '{"type":"CALL","gasUsed":"0x1","calls":['.repeat(DEPTH) + '{"type":"CALL","error":"at the bottom"}' + ']}'.repeat(DEPTH);
    bodies.set(TRACE, body);
    bodies.set(TX, `{"hash":"${HASH}"}`);
    const r = await scout(['tx', 'trace', HASH, ...flags], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('unexpected error');
    if (flags.length) {
      expect(compact(r.stdout.trimEnd())).toBe(compact(body));
      // Pretty on a terminal: bounded indentation, not 200 MB out of a few MB in.
      if (tty) expect(r.stdout.length).toBeLessThan(body.length * 4);
    } else {
      const lines = r.stdout.split('\n');
      expect(lines).toHaveLength(DEPTH + 2);
      expect(lines.at(-2)).toContain('at the bottom');
    }
  });
});

describe('a next_page_params that is no object', () => {
  it.each([
    ['a string', '"abc"'],
    ['a number', '5'],
    ['an array', '[1]'],
    ['a boolean', 'true'],
  ])('%s: the same one line and exit 1, compact or spaced, in every mode', async (kind, cursor) => {
    const lines = new Set<string>();
    for (const body of [`{"items":[{"hash":"${HASH}"}],"next_page_params":${cursor}}`, `{ "items": [ {"hash": "${HASH}"} ],\n  "next_page_params": ${cursor} }`]) {
      bodies.set(TXS, body);
      for (const { flags, tty } of LIST_MODES) {
        const r = await scout(['address', 'txs', ADDR, ...flags], tty);
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
        lines.add(r.stderr);
      }
    }
    expect([...lines]).toEqual([`scout: unusable response from ${base}: "next_page_params" is ${kind}, not an object\n`]);
  });

  it('scout api prints such a body as sent, with no next-page hint', async () => {
    const body = '{ "items": [ {"a": 1} ], "next_page_params": "abc" }';
    bodies.set('/api/v2/odd', body);
    const r = await scout(['api', 'odd'], false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(compact(body) + '\n');
    expect(r.stderr).toBe('');
  });
});

describe('tx show with fields of the wrong type', () => {
  const tx = (fields: string) => `{"status":"ok","from":{"hash":"${ADDR}"},"value":"1",${fields}}`;

  it.each([
    ['timestamp: []', tx(`"hash":"${HASH}","timestamp":[]`)],
    ['transaction_types: ""', tx(`"hash":"${HASH}","transaction_types":""`)],
    ['no hash', tx('"token_transfers_overflow":true')],
    ['a number for a hash', tx('"hash":7,"token_transfers_overflow":true')],
    ['an object for a hash', tx('"hash":{"a":"\\u001b[2J"}')],
    ['a string for every object', tx(`"hash":"${HASH}","fee":"1","to":"0xabc","decoded_input":"x","token_transfers":"x","actions":"x","revert_reason":"x"`)],
  ])('%s: a warning, then the transaction as best we can', async (_name, body) => {
    bodies.set(TX, body);
    for (const tty of [true, false]) {
      const r = await scout(['tx', 'show', HASH], tty);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('scout: warning: the transaction has an unexpected shape; showing it as best we can\n');
      expect(r.stdout).toMatch(tty ? /^Transaction|Status/ : /(^|\n)Status\tok\n/);
      expect(r.stdout).not.toContain('\u001b[2J');
    }
  });

  it.each([
    ['null', 'null'],
    ['an array', '[1]'],
    ['a string', '"x"'],
    ['a number', '5'],
  ])('a body that is %s: one line, exit 1', async (kind, body) => {
    bodies.set(TX, body);
    for (const tty of [true, false]) {
      const r = await scout(['tx', 'show', HASH], tty);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`scout: unusable response from ${base}: expected a transaction object, got ${kind}\n`);
    }
  });
});

describe('pretty --json on a terminal', () => {
  it('is linear on a deep body: a 59 KB body no longer gives 200 MB', async () => {
    const depth = 29_000;
    const body = `{"items":[${'['.repeat(depth)}1${']'.repeat(depth)}],"next_page_params":null}`;
    bodies.set(TXS, body);
    const r = await scout(['address', 'txs', ADDR, '--json'], true);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.length).toBeLessThan(body.length * 4);
    expect(compact(r.stdout.trimEnd())).toBe(compact(`[${arrayElements(objectMembers(body).get('items')!).join(',')}]`));
  });
});
