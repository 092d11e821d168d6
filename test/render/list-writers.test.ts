/**
 * The list writers, one per output mode, driven by hand (no printer, no HTTP): what each writes
 * for a page, over several pages and for an empty list, and that JSON and NDJSON never decode.
 */
import { describe, expect, it } from 'vitest';
import type { Writer } from '../../src/base/io.js';
import type { RenderContext } from '../../src/render/context.js';
import { CsvWriter } from '../../src/render/csv.js';
import { JsonArrayWriter } from '../../src/render/json.js';
import type { PageOfItems } from '../../src/render/list-writer.js';
import { NdjsonWriter } from '../../src/render/ndjson.js';
import type { Column } from '../../src/render/table.js';
import { TableWriter } from '../../src/render/table-writer.js';
import { TsvWriter } from '../../src/render/tsv.js';

type Item = { id: number; name: string };
const COLUMNS: Column<Item>[] = [
  { header: 'ID', cell: (i) => String(i.id), align: 'right', fixed: true },
  { header: 'NAME', cell: (i) => i.name },
];

/** A writer that records its chunks. */
function sink() {
  const chunks: string[] = [];
  const w: Writer & { chunks: string[]; text(): string } = { chunks, write: async (c) => void chunks.push(c), text: () => chunks.join('') };
  return w;
}

/** A page of `items`, their texts as JSON.stringify writes them. */
function page(items: Item[]): PageOfItems<Item> {
  return { rawItems: items.map((i) => JSON.stringify(i)), compact: true, items: () => items };
}

/** A page of raw texts whose decoding fails the test: JSON writers must never ask for it. */
function rawPage(rawItems: string[], compact = false): PageOfItems<Item> {
  return {
    rawItems,
    compact,
    items: () => {
      throw new Error('decoded');
    },
  };
}

const ctx = (tty: boolean, width = 60): RenderContext => ({ tty, color: false, width, now: 0, coin: 'ETH' });

describe('JsonArrayWriter', () => {
  it('one array over several pages, each page one chunk, the server text kept', async () => {
    const out = sink();
    const w = new JsonArrayWriter(out, false);
    w.begin();
    await w.page(rawPage(['{"a":1}', '{"n":123456789012345678901234567890}'], true));
    await w.page(rawPage([]));
    await w.page(rawPage(['{ "b" : [ 1, 2 ] }']));
    await w.end();
    expect(out.chunks).toEqual(['[{"a":1},{"n":123456789012345678901234567890}', ',{"b":[1,2]}', ']\n']);
  });

  it('indented on a terminal; an empty list is []', async () => {
    const out = sink();
    const w = new JsonArrayWriter(out, true);
    w.begin();
    await w.page(rawPage(['{"a":1}']));
    await w.end();
    expect(out.text()).toBe('[\n  {\n    "a": 1\n  }\n]\n');
    const empty = sink();
    const e = new JsonArrayWriter(empty, true);
    e.begin();
    await e.page(rawPage([]));
    await e.end();
    expect(empty.text()).toBe('[]\n');
  });
});

describe('NdjsonWriter', () => {
  it('one compact line per item, a page per chunk; an empty list is nothing', async () => {
    const out = sink();
    const w = new NdjsonWriter(out);
    w.begin();
    await w.page(rawPage(['{"a":1}', '{"b":"\u001b"}'], true));
    await w.page(rawPage(['{\n  "c": [1, 2]\n}']));
    await w.end();
    expect(out.chunks).toEqual(['{"a":1}\n{"b":"\\u001b"}\n', '{"c":[1,2]}\n']);
    const empty = sink();
    const e = new NdjsonWriter(empty);
    e.begin();
    await e.end();
    expect(empty.text()).toBe('');
  });
});

describe('CsvWriter', () => {
  it('the header with the first page, then rows from every page', async () => {
    const out = sink();
    const w = new CsvWriter<Item>(out, ctx(false));
    w.begin(COLUMNS);
    await w.page(page([{ id: 1, name: 'one' }]));
    await w.page(page([{ id: 2, name: 'a, b' }]));
    await w.end();
    expect(out.chunks).toEqual(['id,name\r\n1,one\r\n', '2,"a, b"\r\n']);
  });

  it('an empty list is the header alone, whether an empty page came or none did', async () => {
    const out = sink();
    const w = new CsvWriter<Item>(out, ctx(false));
    w.begin(COLUMNS);
    await w.page(page([]));
    await w.page(page([{ id: 3, name: 'three' }]));
    await w.end();
    expect(out.text()).toBe('id,name\r\n3,three\r\n');
    const none = sink();
    const n = new CsvWriter<Item>(none, ctx(false));
    n.begin(COLUMNS);
    await n.end();
    expect(none.text()).toBe('id,name\r\n');
  });

  it('refuses a page before it knows its columns', async () => {
    await expect(new CsvWriter<Item>(sink(), ctx(false)).page(page([]))).rejects.toThrow(/begin/);
  });
});

describe('TsvWriter', () => {
  it('tab-separated lines, no header, page by page', async () => {
    const out = sink();
    const w = new TsvWriter<Item>(out, ctx(false));
    w.begin(COLUMNS);
    await w.page(page([{ id: 1, name: 'one\ttwo' }]));
    await w.page(page([{ id: 20, name: 'x' }]));
    await w.end();
    expect(out.chunks).toEqual(['1\tone two\n', '20\tx\n']);
  });
});

describe('TableWriter', () => {
  it('one header; later pages keep the widths of the first', async () => {
    const out = sink();
    const err = sink();
    const w = new TableWriter<Item>(out, err, ctx(true, 20));
    w.begin(COLUMNS);
    await w.page(page([{ id: 1, name: 'one' }]), false);
    await w.page(page([{ id: 2, name: 'a name longer than the first' }]), false);
    await w.end();
    expect(out.text()).toBe(['ID  NAME', ' 1  one', ' 2  a n…', ''].join('\n'));
    expect(err.text()).toBe('');
  });

  it('an empty page draws nothing; the first page with items brings the header', async () => {
    const out = sink();
    const err = sink();
    const w = new TableWriter<Item>(out, err, ctx(true));
    w.begin(COLUMNS);
    await w.page(page([]), true);
    expect(out.text()).toBe('');
    await w.page(page([{ id: 7, name: 'seven' }]), false);
    await w.end();
    expect(out.text()).toBe('ID  NAME\n 7  seven\n');
    expect(err.text()).toBe('');
  });

  it('no items at all: "no items" on stderr, nothing on stdout', async () => {
    const out = sink();
    const err = sink();
    const w = new TableWriter<Item>(out, err, ctx(true));
    w.begin(COLUMNS);
    await w.page(page([]), false);
    await w.end();
    expect(out.text()).toBe('');
    expect(err.text()).toBe('no items\n');
  });
});
