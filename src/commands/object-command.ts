/**
 * An object command's run: one object fetched (a spinner while it loads) and printed as the server
 * sent it for --json/--ndjson, else as its key/value view. The schema and the renderer load only for
 * that view; a shape the schema does not expect is a warning, and the object is still shown.
 */
import type { ObjectRequest } from './spec.js';
import { printDocument } from './output.js';
import { openProgress } from './progress.js';
import type { Invocation } from './runtime.js';
import { withSession } from './session.js';
import type { ObjectViewRef } from './view-ref.js';

export async function runObject<T>(inv: Invocation, req: ObjectRequest<T>, viewRef: ObjectViewRef<T>): Promise<void> {
  const { mode } = inv.output;
  await withSession(inv, async (s) => {
    const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · loading`);
    let body: string;
    try {
      body = await s.explorer().getRaw(req.path, req.params ?? [], req.what);
    } finally {
      progress.stop();
    }
    if (mode === 'json' || mode === 'ndjson') return printDocument(s, body, mode);
    const view = await viewRef();
    const value: unknown = JSON.parse(body);
    const parsed = view.schema.safeParse(value);
    if (!parsed.success) {
      await s.io.err.write(`scout: warning: the ${view.noun} has an unexpected shape; showing it as best we can\n`);
    }
    await s.io.out.write(view.render(parsed.success ? parsed.data : (value as T), s.render));
  });
}
