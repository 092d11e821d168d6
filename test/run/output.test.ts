/**
 * The list printer (src/run/output.ts) with an injected Io and a recording progress display,
 * fed from the paginator over a fake fetcher or from hand-made async iterables of pages (no HTTP):
 * terminal tables page by page with one header and stable columns, piped lines and CSV as pages
 * arrive, the --limit cut, what it leaves for the next-page hint, and the spinner's life (shown only
 * when wanted, counting items, stopped before anything else reaches stderr, stopped on errors too).
 */
import { describe, expect, it } from 'vitest';
import type { ListRequest, Page } from '../../src/api/client.js';
import type { Cursor } from '../../src/api/cursor.js';
import { paginate } from '../../src/api/paginate.js';
import { offerNextPage, printList } from '../../src/run/output.js';
import { type PageOptions, pagination } from '../../src/kit/page-options.js';
import { type Progress, type ProgressFactory, openProgress, silentProgress, spinnerWanted } from '../../src/run/progress.js';
import type { Session } from '../../src/run/session.js';
import { memoryIo } from '../../src/base/io.js';
import type { Column } from '../../src/render/table.js';
import type { ShapeOf } from '../../src/api/shape.js';

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
const quiet = { progress: async () => silentProgress };

/** The pages the paginator fetches through `fetch` for these page options, as the list commands ask. */
const pagesOf = (o: PageOptions, fetch = pager(PAGES)) => paginate(fetch, REQ, pagination(o));

/** A page of `items` whose next page is `next`. */
function pageOf(items: Item[], next: string | null = null): Page<Item> {
  return { rawItems: items.map((i) => JSON.stringify(i)), next: next === null ? null : [['page', next]], items: () => items };
}

/** A hand-made source of `pages` that records what the printer pulled and whether it let go. */
function source(pages: Page<Item>[], log: string[] = []): AsyncIterable<Page<Item>> {
  return {
    async *[Symbol.asyncIterator]() {
      try {
        for (const [n, p] of pages.entries()) {
          log.push(`pull ${n}`);
          yield p;
        }
      } finally {
        log.push('closed');
      }
    },
  };
}
const PAGES: Item[][] = [
  [{ id: 1, name: 'one' }, { id: 2, name: 'two' }],
  [{ id: 30, name: 'a name longer than the first page had' }],
  [{ id: 400, name: 'four' }],
];

/** The command line of `scout address txs 0xabc`, for the next-page hint. */
const RESUME = { line: { head: ['address', 'txs', '0xabc'], tail: [] }, path: '/api/v2/addresses/0xabc/transactions' };

describe('printList on a terminal', () => {
  it('--all prints a table per page under one header, columns as wide as on the first page', async () => {
    const { io, s } = session(true);
    await printList(s, pagesOf(opts({ all: true })), VIEW, opts({ all: true }), quiet);
    // No padding is kept for later pages: a longer name further down is cut to the column (piped
    // output has all of it); a fixed column widens instead.
    expect(io.stdout()).toBe(['ID  NAME', ' 1  one', ' 2  two', '30  a n…', '400  four', ''].join('\n'));
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
    await printList(s, pagesOf(opts({ all: true }), watched), VIEW, opts({ all: true }), quiet);
    // Page 1 is requested while page 0 is being written; page 2 only once page 0 is out.
    expect(log).toEqual(['stdout has 0 lines', 'fetch 0', 'stdout has 0 lines', 'fetch 1', 'stdout has 3 lines', 'fetch 2']);
  });

  it('an empty list says so on stderr', async () => {
    const { io, s } = session(true);
    await printList(s, pagesOf(opts(), pager([[]])), VIEW, opts(), quiet);
    expect(io.stdout()).toBe('');
    expect(io.stderr()).toBe('no items\n');
  });

  it('the spinner counts items page by page and stops before the next-page hint', async () => {
    const { io, s } = session(true);
    const log: string[] = [];
    const progress = recorder(log);
    await printList(s, pagesOf(opts({ all: true })), VIEW, opts({ all: true }), { progress });
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
    const printed = await printList(s, pagesOf(opts()), VIEW, opts(), { progress });
    await offerNextPage(s, printed, opts(), RESUME);
    expect(errWrites).toEqual([expect.stringMatching(/^after stop: 2 items; more exist\. next page: scout address txs 0xabc --cursor /)]);
  });

  it('counts one item as "1 item" in the progress and the hint', async () => {
    const { io, s } = session(false);
    const log: string[] = [];
    const single = [[{ id: 1, name: 'one' }], [{ id: 2, name: 'two' }]];
    const printed = await printList(s, pagesOf(opts(), pager(single)), VIEW, opts(), { progress: recorder(log) });
    await offerNextPage(s, printed, opts(), RESUME);
    expect(log).toContain('update: address txs · 1 item · page 1');
    expect(io.stderr()).toMatch(/^1 item; more exist\. next page: /);
  });

  it('the spinner stops when a page fails, before the error is reported', async () => {
    const { s } = session(true);
    const log: string[] = [];
    const failing: AsyncIterable<Page<Item>> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('boom')) }),
    };
    await expect(printList(s, failing, VIEW, opts(), { progress: recorder(log) })).rejects.toThrow('boom');
    expect(log).toEqual(['open table: address txs · loading', 'stop']);
  });
});

describe('printList piped', () => {
  it('tab-separated lines, no header, written page by page', async () => {
    const { io, s } = session(false);
    await printList(s, pagesOf(opts({ all: true })), VIEW, opts({ all: true }), quiet);
    expect(io.stdout()).toBe('1\tone\n2\ttwo\n30\ta name longer than the first page had\n400\tfour\n');
  });

  it('CSV: one header, then rows from every page; an empty list is the header alone', async () => {
    const { io, s } = session(false);
    await printList(s, pagesOf(opts({ mode: 'csv', all: true })), VIEW, opts({ mode: 'csv', all: true }), quiet);
    expect(io.stdout()).toBe('id,name\r\n1,one\r\n2,two\r\n30,a name longer than the first page had\r\n400,four\r\n');
    const empty = session(false);
    await printList(empty.s, pagesOf(opts({ mode: 'csv' }), pager([[]])), VIEW, opts({ mode: 'csv' }), quiet);
    expect(empty.io.stdout()).toBe('id,name\r\n');
  });
});

describe('printList from a hand-made source of pages', () => {
  const three = [pageOf([{ id: 1, name: 'one' }, { id: 2, name: 'two' }], '1'), pageOf([{ id: 3, name: 'three' }], '2'), pageOf([{ id: 4, name: 'four' }])];

  it('prints every page the source yields and returns the count and the last next cursor', async () => {
    const { io, s } = session(false);
    const log: string[] = [];
    const printed = await printList(s, source(three.slice(0, 2), log), VIEW, opts(), quiet);
    expect(io.stdout()).toBe('1\tone\n2\ttwo\n3\tthree\n');
    expect(printed).toEqual({ count: 3, next: [['page', '2']], cutMidPage: false });
    expect(log).toEqual(['pull 0', 'pull 1', 'closed']);
  });

  it('--limit inside a page cuts it, pulls no further page, and says the cut was mid-page', async () => {
    const { io, s } = session(false);
    const log: string[] = [];
    const printed = await printList(s, source(three, log), VIEW, opts({ mode: 'ndjson', limit: 1 }), quiet);
    expect(io.stdout()).toBe('{"id":1,"name":"one"}\n');
    expect(printed).toEqual({ count: 1, next: [['page', '1']], cutMidPage: true });
    expect(log).toEqual(['pull 0', 'closed']);
  });

  it('--limit at a page boundary stops there, not cut: the next page starts where the output ended', async () => {
    const { io, s } = session(false);
    const log: string[] = [];
    const printed = await printList(s, source(three, log), VIEW, opts({ mode: 'json', limit: 3 }), quiet);
    expect(JSON.parse(io.stdout())).toHaveLength(3);
    expect(printed).toEqual({ count: 3, next: [['page', '2']], cutMidPage: false });
    expect(log).toEqual(['pull 0', 'pull 1', 'closed']);
  });

  it('JSON and NDJSON never load the view and never decode an item', async () => {
    const noView = async () => {
      throw new Error('view loaded');
    };
    for (const mode of ['json', 'ndjson'] as const) {
      const { io, s } = session(true);
      const page: Page<Item> = {
        rawItems: ['{"id":1}'],
        next: null,
        items: () => {
          throw new Error('decoded');
        },
      };
      await printList(s, source([page]), noView, opts({ mode }), quiet);
      expect(io.stdout()).toContain('"id"');
    }
  });

  it('a source that yields nothing still closes each mode: [], the CSV header, "no items"', async () => {
    const json = session(false);
    await printList(json.s, source([]), VIEW, opts({ mode: 'json' }), quiet);
    expect(json.io.stdout()).toBe('[]\n');
    const csv = session(false);
    await printList(csv.s, source([]), VIEW, opts({ mode: 'csv' }), quiet);
    expect(csv.io.stdout()).toBe('id,name\r\n');
    const table = session(true);
    expect(await printList(table.s, source([]), VIEW, opts(), quiet)).toEqual({ count: 0, next: null, cutMidPage: false });
    expect(table.io.stderr()).toBe('no items\n');
  });

  it('columns chosen from the first page; an item its shape does not expect is shown with one warning', async () => {
    const { io, s } = session(false);
    const samples: number[] = [];
    const shape: ShapeOf<Item> = { id: 'number', name: 'string' };
    const view = async () => ({ columns: (sample: readonly unknown[]) => (samples.push(sample.length), COLUMNS), shape });
    const odd = [{ id: '-1', name: 'bad' }, { id: -2, name: 'worse' }] as unknown as Item[];
    await printList(s, source([pageOf(odd, '1'), pageOf([{ id: 5, name: 'ok' }])]), view, opts({ all: true }), quiet);
    expect(io.stdout()).toBe('-1\tbad\n-2\tworse\n5\tok\n');
    expect(samples).toEqual([2]);
    expect(io.stderr()).toBe('scout: warning: an item has an unexpected shape (id: Invalid input: expected number, received string); showing it as best we can\n');
  });

  it('a cell that throws shows ? instead of ending the list', async () => {
    const { io, s } = session(false);
    const view = async () => ({ columns: [COLUMNS[0]!, { header: 'X', cell: (): string => { throw new Error('odd shape'); } }] });
    await printList(s, source([pageOf([{ id: 1, name: 'one' }])]), view, opts(), quiet);
    expect(io.stdout()).toBe('1\t?\n');
  });
});

describe('offerNextPage', () => {
  const more = { count: 2, next: [['page', '1']] as Cursor, cutMidPage: false };

  it('a hint when more exist and the next page starts where the output stopped', async () => {
    const { io, s } = session(false);
    await offerNextPage(s, more, opts(), RESUME);
    expect(io.stderr()).toMatch(/^2 items; more exist\. next page: scout address txs 0xabc --cursor \S+\n$/);
  });

  it('no hint on the last page, after --all, or after a page cut by --limit', async () => {
    for (const [printed, o] of [
      [{ ...more, next: null }, opts()],
      [more, opts({ all: true })],
      [{ ...more, cutMidPage: true }, opts({ limit: 1 })],
    ] as const) {
      const { io, s } = session(false);
      await offerNextPage(s, printed, o, RESUME);
      expect(io.stderr()).toBe('');
    }
  });

  it('a command that takes no --cursor gets a warning instead of a hint', async () => {
    const { io, s } = session(false);
    await offerNextPage(s, more, opts(), null);
    expect(io.stderr()).toBe('scout: warning: the server offers a next page, which scout address txs cannot fetch; showing the first\n');
  });
});

describe('when a spinner shows', () => {
  const io = (o: { stdoutIsTTY?: boolean; stderrIsTTY?: boolean; env?: Record<string, string> }) =>
    memoryIo({ stdoutIsTTY: o.stdoutIsTTY ?? true, stderrIsTTY: o.stderrIsTTY ?? true, env: o.env ?? {} });

  it('only for table output with stdout and stderr both terminals', () => {
    expect(spinnerWanted(io({}), 'table')).toBe(true);
    expect(spinnerWanted(io({ stderrIsTTY: false }), 'table')).toBe(false);
    // `scout … | head`: the spinner would draw beside the first lines head prints.
    expect(spinnerWanted(io({ stdoutIsTTY: false }), 'table')).toBe(false);
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
    expect(await openProgress(io({ env: { CI: '1' } }), 'table', 'x', false)).toBe(silentProgress);
    expect(await openProgress(io({}), 'json', 'x', false)).toBe(silentProgress);
    expect(await openProgress(io({ stdoutIsTTY: false }), 'table', 'x', false)).toBe(silentProgress);
  });

  it('the spinner draws on stderr through the Io, and clears its line when stopped', async () => {
    const m = memoryIo({ stdoutIsTTY: true, stderrIsTTY: true, width: 80, env: {} });
    const p = await openProgress(m, 'table', 'address txs · loading', false);
    p.update('address txs · 50 items · page 1');
    p.stop();
    p.stop(); // idempotent
    const err = m.stderr();
    expect(err).toContain('address txs · loading');
    expect(m.stdout()).toBe('');
    // Its last act is clearing the line it drew on (cursor to column 1, erase the line).
    expect(err).toMatch(/\u001b\[1G\u001b\[0K(\u001b\[\?25h)?$/);
  });

  it('its frame is cyan only when the output is coloured', async () => {
    const drawn = async (color: boolean) => {
      const m = memoryIo({ stdoutIsTTY: true, stderrIsTTY: true, width: 80, env: {} });
      (await openProgress(m, 'table', 'address txs · loading', color)).stop();
      return m.stderr();
    };
    expect(await drawn(true)).toContain('\u001b[36m⠋\u001b[39m address txs · loading');
    const plain = await drawn(false);
    expect(plain).toContain('⠋ address txs · loading');
    expect(plain).not.toMatch(/\u001b\[3\dm/);
  });
});
