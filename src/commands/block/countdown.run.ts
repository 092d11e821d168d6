/**
 * The run of `scout block countdown <n>`: the explorer's estimate for a block to come. The real
 * server answers a block already mined, or a chain still indexing, with 200 and only a `message`:
 * said as such, never taken for a countdown.
 */
import { blockCountdownPath } from '../../api/endpoints.js';
import { ResponseShapeError } from '../../base/errors.js';
import { safeText } from '../../base/text/safe.js';
import type { Invocation } from '../../kit/invocation.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';

export async function run(inv: Invocation, block: string): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const progress = await openProgress(s.io, mode, 'block countdown · loading', s.render.color, { waits: s.waits });
  let body: string;
  try {
    body = await explorer.getRaw(blockCountdownPath(block), [], `the countdown to block ${block}`);
  } finally {
    progress.stop();
  }
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, body, mode);
  const o = JSON.parse(body) as Record<string, unknown>;
  const { renderCountdown } = await import('../../render/countdown.js');
  if (typeof o?.remaining_blocks_count !== 'string' && typeof o?.remaining_blocks_count !== 'number') {
    if (typeof o?.message === 'string') return s.io.out.write(renderCountdown({ block, message: safeText(o.message) }, s.render));
    throw new ResponseShapeError(`unusable response from ${new URL(explorer.baseUrl).origin}: expected a block countdown`);
  }
  await s.io.out.write(
    renderCountdown(
      {
        block,
        newest: String(o.current_block_number),
        remaining: String(o.remaining_blocks_count),
        seconds: Number(o.estimated_time_in_seconds),
      },
      s.render,
    ),
  );
}
