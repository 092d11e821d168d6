/**
 * The run of `scout gas`: the gas price part of `/stats`. `--json` prints the `gas_prices` member
 * exactly as sent (`null` when the explorer has no estimate); otherwise an explorer without an
 * estimate says so in one line on stderr, and nothing goes to stdout.
 */
import { GAS_ORACLE_HEADERS, STATS_PATH } from '../../api/endpoints.js';
import { ResponseShapeError } from '../../base/errors.js';
import type { GasPrices as GasPricesType } from '../../api/schemas.js';
import { objectMembers } from '../../base/json/lossless.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';
import type { Invocation } from '../../kit/invocation.js';

export async function run(inv: Invocation): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const origin = new URL(explorer.baseUrl).origin;
  const progress = await openProgress(s.io, mode, 'gas · loading', s.render.color, { waits: s.waits });
  let body: string;
  try {
    body = await explorer.getRaw(STATS_PATH, [], 'stats', GAS_ORACLE_HEADERS);
  } finally {
    progress.stop();
  }
  const stats: unknown = JSON.parse(body);
  if (!stats || typeof stats !== 'object' || Array.isArray(stats)) {
    throw new ResponseShapeError(`unusable response from ${origin}: expected a stats object`);
  }
  if (mode === 'json' || mode === 'ndjson') {
    // The member's own text, as sent; absent altogether, `null`.
    return printDocument(s, objectMembers(body.trim()).get('gas_prices') ?? 'null', mode);
  }
  const [{ GasPrices }, { checkShape }, { hasGasPrices, renderGas }] = await Promise.all([import('../../api/shapes.js'), import('../../api/shape.js'), import('../../render/stats.js')]);
  const record = stats as Record<string, unknown>;
  const prices = record.gas_prices as GasPricesType;
  const fits = !checkShape(GasPrices, prices);
  if (!fits || !hasGasPrices(prices)) {
    if (prices !== null && prices !== undefined && !fits) {
      throw new ResponseShapeError(`unusable response from ${origin}: gas_prices is not an object of slow, average and fast prices`);
    }
    await s.io.err.write(`scout: ${origin} has no gas price estimates right now\n`);
    return;
  }
  await s.io.out.write(renderGas(prices, s.render, record.gas_price_updated_at));
}
