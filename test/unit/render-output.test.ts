/**
 * The list printer (src/commands/output.ts) with an injected Io and a recording progress display:
 * terminal tables page by page with one header and stable columns, piped lines and CSV as pages
 * arrive, and the spinner's life (shown only when wanted, counting items, stopped before anything
 * else reaches stderr, stopped on errors too).
 */
import { describe, expect, it } from 'vitest';
import type { ListRequest, Page } from '../../src/api/client.js';
import type { Cursor } from '../../src/api/cursor.js';
import { printList } from '../../src/commands/output.js';
import type { PageOptions } from '../../src/commands/page-options.js';
import { type Progress, type ProgressFactory, openProgress, silentProgress, spinnerWanted } from '../../src/commands/progress.js';
import type { Session } from '../../src/commands/session.js';
import { memoryIo } from '../../src/io.js';
import type { Column } from '../../src/render/table.js';

type Item = { id: number; name: string };
const COLUMNS: Column<Item>[] = [
  { header: 'ID', cell: (i) => String(i.id), align: 'right', fixed: true },
  { header: 'NAME', cell: (i) => i.name },
];
const VIEW = async () => ({ columns: COLUMNS });
const REQ: ListRequest<Item> = { path: '/x', params: [], what: 'things' };

/** A server of `pages` pages; page n's cursor is [['page', n]]. */
function pager(pages: Item[][], log: string[] = []) {
  return async (_req: ListRequest<Item>, cursor: Cursor | null): Promise<Page<Item>> => {
    const n = cursor ? Number(cursor[0]![1]) : 0;
    log.push(`fetch ${n}`);
    const items = pages[n] ?? [];
    const rawItems = items.map((i) => JSON.stringify(i));
    return { rawItems, next: n + 1 < pages.length ? [['page', String(n + 1)]] : null, items: () => items };
  };
}

function session(tty: boolean, width = 60) {
  const io = memoryIo({ stdoutIsTTY: tty, stderrIsTTY: tty, width, env: {} });
  const s = { io, render: { tty, color: false, width, now: 0, coin: 'ETH' }, commandPath: ['address', 'txs'] } as unknown as Session;
  return { io, s };
}

function recorder(log: string[]): ProgressFactory {
  return async (_io, mode, text) => {
    log.push(`open ${mode}: ${text}`);
    const p: Progress = { update: (t) => void log.push(`update: ${t}`), stop: () => void log.push('stop') };
    return p;
  };
}

const opts = (o: Partial<PageOptions> = {}): PageOptions => ({ mode: 'table', all: false, limit: undefined, cursor: undefined, ...o });
const PAGES: Item[][] = [
  [{ id: 1, name: 'one' }, { id: 2, name: 'two' }],
  [{ id: 30, name: 'a name longer than the first page had' }],
  [{ id: 400, name: 'four' }],
];

describe('printList on a terminal', () => {
  it('--all prints a table per page under one header, columns as wide as on the first page', async () => {
    const { io, s } = session(true);
    await printList(s, REQ, VIEW, opts({ all: true }), pager(PAGES), [], { progress: async () => silentProgress });
    expect(io.stdout()).toBe(['ID  NAME', ' 1  one', ' 2  two', '30  a name longer than the first page had', '400  four', ''].join('\n'));
    expect(io.stderr()).toBe('');
  });

  it('writes each page as it arrives, reading at most one page ahead', async () => {
    const { io, s } = session(true);
    const log: string[] = [];
    const fetch = pager(PAGES, log);
    const watched = async (r: ListRequest<Item>, c: Cursor | null) => {
      log.push(`stdout has ${io.stdout().split('\n').length - 1} lines`);
      return fetch(r, c);
    };
    await printList(s, REQ, VIEW, opts({ all: true }), watched, [], { progress: async () => silentProgress });
    // Page 1 is requested while page 0 is being written; page 2 only once page 0 is out.
    expect(log).toEqual(['stdout has 0 lines', 'fetch 0', 'stdout has 0 lines', 'fetch 1', 'stdout has 3 lines', 'fetch 2']);
  });

  it('an empty list says so on stderr', async () => {
    const { io, s } = session(true);
    await printList(s, REQ, VIEW, opts(), pager([[]]), [], { progress: async () => silentProgress });
    expect(io.stdout()).toBe('');
    expect(io.stderr()).toBe('no items\n');
  });

  it('the spinner counts items page by page and stops before the next-page hint', async () => {
    const { io, s } = session(true);
    const log: string[] = [];
    const progress = recorder(log);
    await printList(s, REQ, VIEW, opts({ all: true }), pager(PAGES), [], { progress });
    expect(log).toEqual([
      'open table: address txs · loading',
      'update: address txs · 2 items · page 1',
      'update: address txs · 3 items · page 2',
      'update: address txs · 4 items · page 3',
      'stop',
    ]);
    log.length = 0;
    const errWrites: string[] = [];
    const orig = io.err.write;
    io.err.write = async (t) => {
      errWrites.push(`${log.includes('stop') ? 'after' : 'before'} stop: ${t}`);
      return orig(t);
    };
    await printList(s, REQ, VIEW, opts(), pager(PAGES), ['0xabc'], { progress });
    expect(errWrites).toEqual([expect.stringMatching(/^after stop: 2 items; more exist\. next page: scout address txs 0xabc --cursor /)]);
  });

  it('counts one item as "1 item" in the progress and the hint', async () => {
    const { io, s } = session(false);
    const log: string[] = [];
    const single = [[{ id: 1, name: 'one' }], [{ id: 2, name: 'two' }]];
    await printList(s, REQ, VIEW, opts(), pager(single), ['0xabc'], { progress: recorder(log) });
    expect(log).toContain('update: address txs · 1 item · page 1');
    expect(io.stderr()).toMatch(/^1 item; more exist\. next page: /);
  });

  it('the spinner stops when a page fails, before the error is reported', async () => {
    const { s } = session(true);
    const log: string[] = [];
    const failing = async (): Promise<Page<Item>> => {
      throw new Error('boom');
    };
    await expect(printList(s, REQ, VIEW, opts(), failing, [], { progress: recorder(log) })).rejects.toThrow('boom');
    expect(log).toEqual(['open table: address txs · loading', 'stop']);
  });
});

describe('printList piped', () => {
  it('tab-separated lines, no header, written page by page', async () => {
    const { io, s } = session(false);
    await printList(s, REQ, VIEW, opts({ all: true }), pager(PAGES), [], { progress: async () => silentProgress });
    expect(io.stdout()).toBe('1\tone\n2\ttwo\n30\ta name longer than the first page had\n400\tfour\n');
  });

  it('CSV: one header, then rows from every page; an empty list is the header alone', async () => {
    const { io, s } = session(false);
    await printList(s, REQ, VIEW, opts({ mode: 'csv', all: true }), pager(PAGES), [], { progress: async () => silentProgress });
    expect(io.stdout()).toBe('id,name\r\n1,one\r\n2,two\r\n30,a name longer than the first page had\r\n400,four\r\n');
    const empty = session(false);
    await printList(empty.s, REQ, VIEW, opts({ mode: 'csv' }), pager([[]]), [], { progress: async () => silentProgress });
    expect(empty.io.stdout()).toBe('id,name\r\n');
  });
});

describe('when a spinner shows', () => {
  const io = (o: { stderrIsTTY?: boolean; env?: Record<string, string> }) => memoryIo({ stderrIsTTY: o.stderrIsTTY ?? true, env: o.env ?? {} });

  it('only for table output on a terminal stderr', () => {
    expect(spinnerWanted(io({}), 'table')).toBe(true);
    expect(spinnerWanted(io({ stderrIsTTY: false }), 'table')).toBe(false);
    for (const mode of ['json', 'ndjson', 'csv'] as const) expect(spinnerWanted(io({}), mode)).toBe(false);
  });

  it('never under CI or with TERM=dumb', () => {
    expect(spinnerWanted(io({ env: { CI: 'true' } }), 'table')).toBe(false);
    expect(spinnerWanted(io({ env: { CI: '1' } }), 'table')).toBe(false);
    expect(spinnerWanted(io({ env: { TERM: 'dumb' } }), 'table')).toBe(false);
    // CI=false (or empty) is not CI.
    expect(spinnerWanted(io({ env: { CI: 'false' } }), 'table')).toBe(true);
  });

  it('openProgress gives the silent display when no spinner is wanted', async () => {
    expect(await openProgress(io({ env: { CI: '1' } }), 'table', 'x')).toBe(silentProgress);
    expect(await openProgress(io({}), 'json', 'x')).toBe(silentProgress);
  });

  it('the spinner draws on stderr through the Io, and clears its line when stopped', async () => {
    const m = memoryIo({ stderrIsTTY: true, width: 80, env: {} });
    const p = await openProgress(m, 'table', 'address txs · loading');
    p.update('address txs · 50 items · page 1');
    p.stop();
    p.stop(); // idempotent
    const err = m.stderr();
    expect(err).toContain('address txs · loading');
    expect(m.stdout()).toBe('');
    // Its last act is clearing the line it drew on (cursor to column 1, erase the line).
    expect(err).toMatch(/\u001b\[1G\u001b\[0K(\u001b\[\?25h)?$/);
  });
});
