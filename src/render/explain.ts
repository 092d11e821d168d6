/**
 * `tx explain` as text: one view read top to bottom, made of the parts the explorer serves for a
 * transaction. The transaction's header (as `tx show`, less the rows that get a section of their
 * own; with a blob transaction's blobs and the beacon deposits a transaction made), then the
 * summary, the decoded input, the user operations of a bundle (ERC-4337; no section for a
 * transaction that is none), the token transfers, the state changes, the logs and the call tree,
 * each under a heading. Lists show at most LIST_CAP items of their first page, then
 * the command that has them all; the call tree at most TREE_CAP calls. A part the explorer did not
 * serve, or served in a shape we cannot read, is a note (stderr) where its section would be.
 *
 * The same sections piped, each part in its piped form (`Label<TAB>field` rows, tab-separated list
 * lines), under the same headings: it is a view for people; `--json` is the form for programs.
 */
import type { Transaction } from '../api/schemas.js';
import { safeText } from '../base/text/safe.js';
import type { RenderContext } from './context.js';
import { isRecord } from './fields.js';
import { summaryLines } from './summary.js';
import { paint } from './paint.js';
import { type Column, renderTsv, TerminalTable } from './table.js';
import { knownAddresses, traceCalls } from './trace.js';
import { INPUT_ROWS, renderTransaction, TRANSFER_ROWS } from './transaction.js';
import { type ListView, views } from './views.js';
import { wrapLine } from './wrap.js';

/** The parts of an explanation, in the order they show; each is the path after the transaction's own. */
export const EXPLAIN_PARTS = ['transaction', 'summary', 'user_operations', 'token_transfers', 'state_changes', 'logs', 'raw_trace', 'blobs', 'beacon_deposits'] as const;
export type ExplainPart = (typeof EXPLAIN_PARTS)[number];

/** A part as fetched: the body the server sent (checked to be JSON), or why there is none. */
export type PartResult = { readonly body: string } | { readonly missing: string };

/** What the runner writes, in order: text for stdout, a note for stderr. */
export type Block = { readonly out: string } | { readonly note: string };

/** Items of each list shown; the command named below has them all. */
export const LIST_CAP = 10;
/** Calls of the call tree shown. */
export const TREE_CAP = 40;

const heading = (title: string, ctx: RenderContext) => `\n${paint(title, 'bold', ctx)}\n`;

/** The command that shows all of a part. */
function fullCommand(part: ExplainPart, hash: string): string {
  const verb = { transaction: 'show', summary: 'summary', user_operations: 'userops', token_transfers: 'transfers', state_changes: 'state-changes', logs: 'logs', raw_trace: 'trace', blobs: 'blobs', beacon_deposits: 'deposits' }[part];
  return `scout tx ${verb} ${hash}`;
}

/** Words for a part in notes: "token transfers". */
const partWords = (part: ExplainPart) => (part === 'raw_trace' ? 'call tree' : part.replace(/_/g, ' '));

/** Cells that throw on a shape nobody expected show `?`, as in every list. */
function guarded<T>(columns: readonly Column<T>[]): Column<T>[] {
  return columns.map((c) => ({
    ...c,
    cell: (item, ctx) => {
      try {
        return c.cell(item, ctx);
      } catch {
        return '?';
      }
    },
  }));
}

/** One list part: its first LIST_CAP items as a table (terminal) or lines (piped), and the way to the rest. */
function listSection<T>(part: ExplainPart, title: string, body: string, view: ListView<T>, hash: string, ctx: RenderContext): Block[] {
  const value: unknown = JSON.parse(body);
  const items = isRecord(value) ? value.items : undefined;
  if (!Array.isArray(items)) return [{ note: `no ${partWords(part)}: the explorer answered without a list of items` }];
  const more = isRecord(value) && isRecord(value.next_page_params);
  if (items.length === 0 && !more) return [{ out: heading(title, ctx) + paint('none', 'dim', ctx) + '\n' }];
  // An item of a shape the view does not expect is still shown, as well as the columns can (no warning here).
  const shown = items.slice(0, LIST_CAP) as T[];
  const columns = guarded(typeof view.columns === 'function' ? view.columns(shown) : view.columns);
  let text = heading(title, ctx) + (ctx.tty ? new TerminalTable(columns, ctx).page(shown) : renderTsv(shown, columns, ctx));
  const left = items.length - shown.length;
  if (more || left > 0) {
    const how = more ? '… and more' : `… and ${left} more`;
    text += paint(`${how}: ${fullCommand(part, hash)}`, 'dim', ctx) + '\n';
  }
  return [{ out: text }];
}

/** The user operations of a bundle: a transaction that is none has an empty list, and no section. */
function userOpsSection(body: string, hash: string, ctx: RenderContext): Block[] {
  const value: unknown = JSON.parse(body);
  if (isRecord(value) && Array.isArray(value.items) && value.items.length === 0 && !isRecord(value.next_page_params)) return [];
  return listSection('user_operations', 'User operations (ERC-4337)', body, views.txUserOps, hash, ctx);
}

function summarySection(body: string, ctx: RenderContext): Block[] {
  const outcome = summaryLines(body, ctx);
  if ('none' in outcome) return [{ note: `no summary: ${outcome.none}` }];
  // On a terminal indented under the heading, a long line wrapped with a hanging indent.
  const line = (l: string) => (ctx.tty ? wrapLine(l, ctx.width, '  ', '    ') : l);
  return [{ out: heading('Summary', ctx) + outcome.lines.map((l) => line(l) + '\n').join('') }];
}

function inputSection(tx: Transaction, ctx: RenderContext): Block[] {
  const text = renderTransaction(tx, ctx, { only: INPUT_ROWS });
  return [{ out: heading('Input', ctx) + (text || paint('none', 'dim', ctx) + '\n') }];
}

function treeSection(body: string, tx: Transaction, hash: string, ctx: RenderContext, emptyTrace: string): Block[] {
  const calls = traceCalls(JSON.parse(body), ctx, { known: knownAddresses(tx) });
  if (calls.length === 0) return [{ note: emptyTrace }];
  let out = heading('Call tree', ctx) + calls.slice(0, TREE_CAP).join('\n') + '\n';
  if (calls.length > TREE_CAP) out += paint(`… and ${calls.length - TREE_CAP} more calls: ${fullCommand('raw_trace', hash)}`, 'dim', ctx) + '\n';
  return [{ out }];
}

/**
 * The blocks of the view, from the parts as fetched (the transaction's body is required: without
 * it there is nothing to explain). `emptyTrace` says why a trace is empty.
 */
export function renderExplain(
  hash: string,
  txBody: string,
  parts: Readonly<Partial<Record<Exclude<ExplainPart, 'transaction'>, PartResult>>>,
  ctx: RenderContext,
  emptyTrace: string,
): Block[] {
  const tx = JSON.parse(txBody) as Transaction;
  // Blobs and deposits show in the transaction's own rows, as `tx show` shows them.
  const header: Block[] = [];
  const served = (part: 'blobs' | 'beacon_deposits'): unknown => {
    const got = parts[part];
    if (got && 'missing' in got) header.push({ note: `no ${partWords(part)}: ${got.missing}` });
    return got && 'body' in got ? JSON.parse(got.body) : undefined;
  };
  const txParts = { blobs: served('blobs'), beacon_deposits: served('beacon_deposits') };
  const blocks: Block[] = [{ out: renderTransaction(tx, ctx, { except: [...INPUT_ROWS, ...TRANSFER_ROWS], parts: txParts }) }, ...header];
  const section = (part: Exclude<ExplainPart, 'transaction'>, draw: (body: string) => Block[]) => {
    const got = parts[part];
    if (!got) return;
    if ('missing' in got) return void blocks.push({ note: `no ${partWords(part)}: ${got.missing}` });
    try {
      blocks.push(...draw(got.body));
    } catch {
      // A body of a shape no view can draw costs its section, not the explanation.
      blocks.push({ note: `no ${partWords(part)}: the explorer's answer has a shape scout cannot show (--json has it as sent)` });
    }
  };
  section('summary', (b) => summarySection(b, ctx));
  blocks.push(...inputSection(tx, ctx));
  section('user_operations', (b) => userOpsSection(b, hash, ctx));
  section('token_transfers', (b) => listSection('token_transfers', 'Token transfers', b, views.txTransfers, hash, ctx));
  section('state_changes', (b) => listSection('state_changes', 'State changes', b, views.stateChanges, hash, ctx));
  section('logs', (b) => listSection('logs', 'Logs', b, views.txLogs, hash, ctx));
  section('raw_trace', (b) => treeSection(b, tx, hash, ctx, emptyTrace));
  return blocks.map((b) => ('note' in b ? { note: safeText(b.note) } : b));
}
