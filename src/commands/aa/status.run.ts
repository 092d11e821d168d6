/**
 * The run of `scout aa status`: `/proxy/account-abstraction/status`. An explorer without the service
 * (501 "Service is disabled", or no such path: 404, 400 "Unknown API v2 action") is one line on
 * stderr and exit 0: that is the answer to "is it up?". Any other failure is the request's.
 */
import { lacksEndpoint } from '../../api/client.js';
import { AA_STATUS_PATH } from '../../api/endpoints.js';
import { HttpError } from '../../base/errors.js';
import type { Invocation } from '../../kit/invocation.js';
import { objectText } from '../../run/object.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';

export async function run(inv: Invocation): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const origin = new URL(explorer.baseUrl).origin;
  const progress = await openProgress(s.io, mode, 'aa status · loading', s.render.color, { waits: s.waits });
  let body: string;
  try {
    body = await explorer.getRaw(AA_STATUS_PATH, [], 'account abstraction status');
  } catch (e) {
    if (!lacksEndpoint(e)) throw e;
    const said = e instanceof HttpError ? ` (${e.answer})` : ' (HTTP 404)';
    return s.io.err.write(`scout: ${origin} has no account abstraction service${said}\n`);
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, body, mode);
  const [{ AaStatus: shape }, { renderAaStatus }] = await Promise.all([import('../../api/shapes.js'), import('../../render/userop.js')]);
  await s.io.out.write(await objectText(s.io, s.render, body, origin, { noun: 'account abstraction status', shape, render: renderAaStatus }));
}
