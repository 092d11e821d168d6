/**
 * An object command's run: one object fetched (a spinner while it loads) and printed as the server
 * sent it for --json/--ndjson, else as its key/value view. The schema and the renderer load only for
 * that view; a shape the schema does not expect is a warning, and the object is still shown.
 *
 * A view may show parts asked beside the object (a spec's `parts`: a blob transaction's blobs): each
 * asked once the object says it has one, never for --json (the object as sent). A part the explorer
 * does not serve is a note on stderr, and the object still shows.
 */
import type { ExplorerClient, JsonDocument } from '../api/client.js';
import { AuthError, HttpError, NotFoundError, ResponseShapeError, ResponseTooLargeError, ScoutError } from '../base/errors.js';
import { blocking, type Io } from '../base/io.js';
import type { RenderContext } from '../render/context.js';
import type { ObjectView } from '../render/object-views.js';
import { printDocument } from './output.js';
import { openProgress } from './progress.js';
import type { Invocation } from '../kit/invocation.js';
import type { Session } from './session.js';
import type { ObjectParts, ObjectRequest } from '../kit/spec.js';
import type { ObjectViewRef } from '../kit/view-ref.js';
import { checkShape } from '../api/shape.js';

/** The parts of an object as its view gets them: each part's body, parsed, by its key. */
export type Parts = Readonly<Record<string, unknown>>;

export async function runObject<T>(inv: Invocation, req: ObjectRequest<T>, viewRef: ObjectViewRef<T>, parts?: ObjectParts): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · loading`, s.render.color, { waits: s.waits });
  let doc: JsonDocument;
  let got: { parts: Parts; notes: string[] } | undefined;
  try {
    doc = await explorer.getJson(req.path, req.params ?? [], req.what, req.headers);
    if (mode !== 'json' && mode !== 'ndjson' && parts) got = await partsOf(explorer, doc.text, parts);
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, doc, mode);
  for (const note of got?.notes ?? []) await s.io.err.write(`scout: note: ${note}\n`);
  await printObject(s, doc.text, new URL(explorer.baseUrl).origin, await viewRef(), got?.parts);
}

/**
 * Whether a part's error means the explorer does not serve that part (an answer it gave: 404, 403,
 * 5xx, a body of no use) rather than a failure of the run (rate limit, timeout, network, a refused
 * key, Ctrl-C), which ends it with its own exit code like any command.
 */
export function partNotServed(e: unknown): boolean {
  return (
    e instanceof NotFoundError ||
    e instanceof HttpError ||
    (e instanceof AuthError && e.status === 403) ||
    e instanceof ResponseShapeError ||
    e instanceof ResponseTooLargeError
  );
}

/**
 * The parts `parts` names for the object `body` (already checked to be JSON), asked at once: each
 * body parsed, and a note for each the explorer did not serve.
 */
export async function partsOf(client: ExplorerClient, body: string, parts: ObjectParts): Promise<{ parts: Parts; notes: string[] }> {
  const value: unknown = JSON.parse(body);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { parts: {}, notes: [] };
  const asked = parts(value as Record<string, unknown>);
  const settled = await Promise.allSettled(asked.map((p) => client.getRaw(p.path, [], p.what)));
  const out: Record<string, unknown> = {};
  const notes: string[] = [];
  settled.forEach((r, i) => {
    const p = asked[i]!;
    if (r.status === 'fulfilled') out[p.key] = JSON.parse(r.value);
    else if (partNotServed(r.reason)) notes.push(`no ${p.what}: ${r.reason instanceof ScoutError ? r.reason.message : String(r.reason)}`);
    else throw r.reason;
  });
  return { parts: out, notes };
}

/**
 * The key/value view of an object body (already checked to be JSON): the block on a terminal,
 * `Label<TAB>field…` lines piped. Fields of any type render, as best we can; a body that is no object
 * at all has nothing to show and is an unusable response from `origin`.
 */
export async function printObject<T>(s: Pick<Session, 'io' | 'render'>, body: string, origin: string, view: ObjectView<T>, parts?: Parts): Promise<void> {
  await s.io.out.write(await objectText(s.io, s.render, body, origin, view, parts));
}

/** The text printObject prints; a shape its view does not expect is a warning on `io.err`. */
export async function objectText<T>(io: Pick<Io, 'err' | 'blocking'>, render: RenderContext, body: string, origin: string, view: ObjectView<T>, parts?: Parts): Promise<string> {
  // Parsing and laying out a big body is synchronous: Ctrl-C takes its default action meanwhile.
  const { text, expected } = blocking(io, () => {
    const value: unknown = JSON.parse(body);
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
      throw new ResponseShapeError(`unusable response from ${origin}: expected a ${view.noun} object, got ${kind}`);
    }
    return { text: view.render(value as T, render, parts), expected: !checkShape(view.shape, value) };
  });
  if (!expected) {
    await io.err.write(`scout: warning: the ${view.noun} has an unexpected shape; showing it as best we can\n`);
  }
  return text;
}
