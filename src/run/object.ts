/**
 * An object command's run: one object fetched (a spinner while it loads) and printed as the server
 * sent it for --json/--ndjson, else as its key/value view. The schema and the renderer load only for
 * that view; a shape the schema does not expect is a warning, and the object is still shown.
 */
import type { JsonDocument } from '../api/client.js';
import { ResponseShapeError } from '../base/errors.js';
import { blocking, type Io } from '../base/io.js';
import type { RenderContext } from '../render/context.js';
import type { ObjectView } from '../render/object-views.js';
import { printDocument } from './output.js';
import { openProgress } from './progress.js';
import type { Invocation } from '../kit/invocation.js';
import type { Session } from './session.js';
import type { ObjectRequest } from '../kit/spec.js';
import type { ObjectViewRef } from '../kit/view-ref.js';

export async function runObject<T>(inv: Invocation, req: ObjectRequest<T>, viewRef: ObjectViewRef<T>): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · loading`, s.render.color, { waits: s.waits });
  let doc: JsonDocument;
  try {
    doc = await explorer.getJson(req.path, req.params ?? [], req.what, req.headers);
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, doc, mode);
  await printObject(s, doc.text, new URL(explorer.baseUrl).origin, await viewRef());
}

/**
 * The key/value view of an object body (already checked to be JSON): the block on a terminal,
 * `Label<TAB>field…` lines piped. Fields of any type render, as best we can; a body that is no object
 * at all has nothing to show and is an unusable response from `origin`.
 */
export async function printObject<T>(s: Pick<Session, 'io' | 'render'>, body: string, origin: string, view: ObjectView<T>): Promise<void> {
  await s.io.out.write(await objectText(s.io, s.render, body, origin, view));
}

/** The text printObject prints; a shape the schema does not expect is a warning on `io.err`. */
export async function objectText<T>(io: Pick<Io, 'err' | 'blocking'>, render: RenderContext, body: string, origin: string, view: ObjectView<T>): Promise<string> {
  // Parsing and laying out a big body is synchronous: Ctrl-C takes its default action meanwhile.
  const { text, expected } = blocking(io, () => {
    const value: unknown = JSON.parse(body);
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
      throw new ResponseShapeError(`unusable response from ${origin}: expected a ${view.noun} object, got ${kind}`);
    }
    const parsed = view.schema.safeParse(value);
    return { text: view.render(parsed.success ? parsed.data : (value as T), render), expected: parsed.success };
  });
  if (!expected) {
    await io.err.write(`scout: warning: the ${view.noun} has an unexpected shape; showing it as best we can\n`);
  }
  return text;
}
