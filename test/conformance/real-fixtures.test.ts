/**
 * Conformance over the responses recorded from live explorers (../shared/fixtures/real): each one is
 * served by a local HTTP server at the path of its endpoint, and the CLI (in-process) must print it through
 * --json and --ndjson unchanged (REAL recordings are minified, so the items must come out as the very
 * same text) and as a table without error. Each is also rendered through the pure renderers as a
 * terminal table (wide and narrow, with and without colour) and as CSV, with nothing raw leaking.
 * Skipped, saying so, when ../shared is absent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/api/schemas.js';
import { checkShape, type Shape } from '../../src/api/shape.js';
import * as shapes from '../../src/api/shapes.js';
import type { RenderContext } from '../../src/render/context.js';
import { csvHeader, csvRows } from '../../src/render/csv.js';
import { renderTrace } from '../../src/render/trace.js';
import { renderTransaction } from '../../src/render/transaction.js';
import { networkView, views } from '../../src/render/views.js';
import { ROOT } from '../support/cli.js';
import { runScout } from '../support/scout.js';
import { renderTable } from '../support/table.js';

const DIR = join(ROOT, '..', 'shared', 'fixtures', 'real');
const present = existsSync(DIR);
if (!present) console.warn(`conformance: skipped, ${DIR} is absent (the shared fixtures live beside the project)`);

const ADDR = '0xc0De20A37E2dAC848F81A93BD85FE4ACDdE7C0DE';
const HASH = '0x4dd7e3f4a5d9e6c0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8';

/** The command that reads each endpoint prefix, and the path the server answers on. */
const ROUTES: Record<string, { args: string[]; path: string; list: boolean }> = {
  '01': { args: ['address', 'tokens', ADDR], path: `/api/v2/addresses/${ADDR}/tokens`, list: true },
  '02': { args: ['tx', 'show', HASH], path: `/api/v2/transactions/${HASH}`, list: false },
  '03': { args: ['address', 'internal-txs', ADDR], path: `/api/v2/addresses/${ADDR}/internal-transactions`, list: true },
  '03x': { args: ['tx', 'internal-txs', HASH], path: `/api/v2/transactions/${HASH}/internal-transactions`, list: true },
  '04': { args: ['address', 'nfts', ADDR], path: `/api/v2/addresses/${ADDR}/nft/collections`, list: true },
  '05': { args: ['address', 'transfers', ADDR], path: `/api/v2/addresses/${ADDR}/token-transfers`, list: true },
  '06': { args: ['tx', 'trace', HASH], path: `/api/v2/transactions/${HASH}/raw-trace`, list: false },
  '07': { args: ['search', 'USDT'], path: '/api/v2/search', list: true },
  '08': { args: ['address', 'txs', ADDR], path: `/api/v2/addresses/${ADDR}/transactions`, list: true },
  '09': { args: ['tx', 'transfers', HASH], path: `/api/v2/transactions/${HASH}/token-transfers`, list: true },
  '10': { args: ['address', 'withdrawals', ADDR], path: `/api/v2/addresses/${ADDR}/withdrawals`, list: true },
  '11': { args: ['admin', 'networks', '--api-key', 'k'], path: '/admin/api/v1/networks', list: true },
};

/** A fixture's endpoint prefix: `03x` (a transaction's internal transactions) has a command of its own. */
const prefixOf = (f: string) => (f.startsWith('03x-') ? '03x' : f.slice(0, 2));

const files = present ? readdirSync(DIR).filter((f) => f.endsWith('.json')).sort() : [];
const isError = (f: string) => f.includes('-error-');

/** DEL, C1 and bidi characters may come out as \uXXXX (the contract allows it); apply that to the expectation. */
function escapeAllowed(text: string): string {
  return text.replace(/[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const OUR_SGR = /\u001b\[(?:1|2|22|31|32|33|39)m/g;
const ttyCtx = (width: number, color: boolean): RenderContext => ({ tty: true, color, width, now: Date.UTC(2026, 10, 21, 12), coin: 'ETH' });

/** The list view of each endpoint prefix (02 and 06 are single objects). */
const LIST_VIEWS: Record<string, { columns: unknown; shape?: Shape }> = {
  '01': views.tokenBalances,
  '03': views.internalTransactions,
  '03x': views.txInternalTransactions,
  '04': views.nftCollections,
  '05': views.tokenTransfers,
  '07': views.search,
  '08': views.transactions,
  '09': views.tokenTransfers,
  '10': views.withdrawals,
  '11': networkView(),
};

/** A fixture's items, as output.ts hands them to the columns (as sent). */
const listItems = (_prefix: string, body: unknown): unknown[] => (Array.isArray(body) ? body : ((body as { items?: unknown[] }).items ?? []));

/** A fixture as a person sees it on a terminal. */
function renderFixture(prefix: string, body: unknown, c: RenderContext): string {
  if (prefix === '02') return renderTransaction(body as Transaction, c);
  if (prefix === '06') return renderTrace(body, c);
  return renderTable(listItems(prefix, body) as never[], LIST_VIEWS[prefix]!.columns as never, c);
}

function renderFixtureCsv(prefix: string, body: unknown): string | undefined {
  const view = LIST_VIEWS[prefix];
  if (!view) return undefined;
  const pipe = { ...ttyCtx(80, false), tty: false };
  return csvHeader(view.columns as never) + csvRows(listItems(prefix, body) as never[], view.columns as never, pipe);
}

let server: Server;
let base = '';
let current = { path: '', status: 200, body: '' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== current.path) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      return;
    }
    res.writeHead(current.status, { 'content-type': 'application/json; charset=utf-8' }).end(current.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function serve(file: string) {
  const route = ROUTES[prefixOf(file)];
  if (!route) throw new Error(`no route for ${file}`);
  const body = readFileSync(join(DIR, file), 'utf8');
  current = { path: route.path, status: isError(file) ? 422 : 200, body };
  return { route, body, real: !body.includes('\n') };
}

const urls = () => ['--base-url', base, '--admin-url', base];

describe.skipIf(!present)('every recorded response', () => {
  it('covers every fixture prefix with a command', () => {
    for (const f of files) expect(ROUTES[prefixOf(f)], f).toBeDefined();
  });

  for (const file of files.filter((f) => !isError(f))) {
    it(`${file} round-trips through --json unchanged`, async () => {
      const { route, body, real } = serve(file);
      const r = await runScout([...route.args, ...urls(), '--json']);
      expect(r.code).toBe(0);
      const sentCursor = (JSON.parse(body) as { next_page_params?: unknown }).next_page_params;
      // The only thing on stderr: the way to the next page, when the recording had one.
      if (sentCursor) expect(r.stderr).toMatch(/^\d+ items; more exist\. next page: scout .* --cursor [A-Za-z0-9_-]+\n$/);
      else expect(r.stderr).toBe('');
      const printed = r.stdout.replace(/\n$/, '');
      const sent = JSON.parse(body) as { items?: unknown[] };
      if (route.list) {
        expect(JSON.parse(printed)).toEqual(Array.isArray(sent) ? sent : (sent.items ?? []));
        // Minified recordings: the printed array is the very text of the body's items array.
        if (real) expect(escapeAllowed(body)).toContain(`"items":${printed}`);
      } else {
        expect(JSON.parse(printed)).toEqual(sent);
        if (real) expect(printed).toBe(escapeAllowed(body.trim()));
      }
    });

    it(`${file} prints --ndjson one item per line, unchanged`, async () => {
      const { route, body } = serve(file);
      const r = await runScout([...route.args, ...urls(), '--ndjson']);
      expect(r.code).toBe(0);
      const sent = JSON.parse(body) as { items?: unknown[] };
      const lines = r.stdout.split('\n').filter(Boolean);
      if (route.list) expect(lines.map((l) => JSON.parse(l))).toEqual(Array.isArray(sent) ? sent : (sent.items ?? []));
      else if (file.startsWith('06') && Array.isArray(sent)) {
        // tx trace --ndjson: one call per line, {depth, path, call}; a Parity-style entry is the call, whole.
        const parsed = lines.map((l) => JSON.parse(l) as { depth: number; path: unknown; call: unknown });
        expect(parsed.map((l) => l.call)).toEqual(sent);
        for (const l of parsed) expect(typeof l.depth).toBe('number');
      } else expect(lines.map((l) => JSON.parse(l))).toEqual([sent]);
    });

    it(`${file} renders as a table, piped and on a terminal-sized width`, async () => {
      const { route } = serve(file);
      const r = await runScout([...route.args, ...urls()]);
      expect(r.stderr).not.toMatch(/unexpected error|TypeError/);
      // Real responses match the schemas: whatever they declare, they declare as the API sends it.
      expect(r.stderr).not.toContain('unexpected shape');
      expect(r.code).toBe(0);
      // eslint-disable-next-line no-control-regex
      expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    });
  }

  for (const file of files.filter((f) => !isError(f))) {
    it(`${file} renders on a terminal (120 and 50 columns, colour on and off) and as CSV`, () => {
      const body = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as unknown;
      for (const c of [ttyCtx(120, true), ttyCtx(120, false), ttyCtx(50, true)]) {
        const out = renderFixture(prefixOf(file), body, c);
        expect(out.replace(OUR_SGR, '')).not.toMatch(RAW_CONTROL);
        if (!c.color) expect(out).not.toContain('\u001b');
        if (file.slice(0, 2) !== '06' && (body as { items?: unknown[] }).items?.length !== 0) expect(out.length).toBeGreaterThan(0);
      }
      const csv = renderFixtureCsv(prefixOf(file), body);
      if (csv !== undefined) expect(csv.replace(/\r\n/g, '\n')).not.toMatch(RAW_CONTROL);
      // What was recorded fits the shape its view checks: a table of it warns of nothing.
      const prefix = prefixOf(file);
      const shape = prefix === '02' ? shapes.Transaction : LIST_VIEWS[prefix]?.shape;
      for (const v of prefix === '02' ? [body] : shape ? listItems(prefix, body) : []) expect(checkShape(shape!, v)).toBeUndefined();
    });
  }

  for (const file of files.filter(isError)) {
    it(`${file} is one readable error line and exit 1`, async () => {
      const { route } = serve(file);
      const r = await runScout([...route.args, ...urls(), '--json']);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^scout: .*HTTP 422: filter: Invalid value for enum\n$/);
    });
  }
});
