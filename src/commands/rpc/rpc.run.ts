/**
 * The run of `scout rpc <method> [params...]`: one call to the explorer's JSON-RPC (api/rpc.ts), its
 * `result` printed as the server sent it: compact when piped or with --json piped, indented (and
 * coloured) on a terminal, where a quantity's decimal value follows on a line of its own. With
 * `--chains`, the same call on every chain (run/fanout.ts): `{"chain_id","chain","item":<result>}`.
 */
import type { ExplorerClient } from '../../api/client.js';
import { QUANTITY_METHODS, type RpcMethod } from '../../api/endpoints.js';
import { quantityOf, RawParam, RpcClient } from '../../api/rpc.js';
import { ResponseShapeError } from '../../base/errors.js';
import type { Invocation } from '../../kit/invocation.js';
import type { ChainObject } from '../../kit/spec.js';
import type { RenderContext } from '../../render/context.js';
import { jsonDocument, paintJson } from '../../render/json.js';
import { printDocument } from '../../run/output.js';
import { openProgress } from '../../run/progress.js';

/** The call on one explorer: the result's JSON text as sent. `params` are JSON texts, sent as written. */
function call(explorer: ExplorerClient, method: RpcMethod, params: readonly string[]): Promise<string> {
  return new RpcClient(explorer).call(
    method,
    params.map((p) => new RawParam(p)),
  );
}

/** The decimal value of a quantity's result, when the method answers one and it is one. */
function decimal(raw: string, method: RpcMethod, origin: string): string | undefined {
  if (!QUANTITY_METHODS.includes(method)) return undefined;
  try {
    return quantityOf(raw, method, origin).toString();
  } catch (e) {
    // Not a quantity after all: the result as sent says what it is.
    if (e instanceof ResponseShapeError) return undefined;
    throw e;
  }
}

/** The result as a terminal shows it: indented (coloured when colour is on), a quantity's decimal value below. */
async function terminalText(raw: string, method: RpcMethod, origin: string, render: Pick<RenderContext, 'color'>): Promise<string> {
  const n = decimal(raw, method, origin);
  return (await paintJson(jsonDocument(raw, true), render)) + (n === undefined ? '' : n + '\n');
}

export async function run(inv: Invocation, method: RpcMethod, params: readonly string[]): Promise<void> {
  const s = await inv.session();
  const explorer = s.explorer();
  const { mode } = inv.output;
  const progress = await openProgress(s.io, mode, `rpc ${method}`, s.render.color, { waits: s.waits });
  let raw: string;
  try {
    raw = await call(explorer, method, params);
  } finally {
    progress.stop();
  }
  if (mode === 'table' && s.io.stdoutIsTTY && !s.jq) return s.io.out.write(await terminalText(raw, method, new URL(explorer.baseUrl).origin, s.render));
  await printDocument(s, raw, mode === 'ndjson' ? 'ndjson' : 'json');
}

/** `--chains`: the call on one chain; its result as sent for JSON, on a terminal as `run` shows it, piped compact. */
export function onChain(method: RpcMethod, params: readonly string[]): ChainObject {
  return {
    noun: 'result',
    fetch: async (client) => {
      const raw = await call(client, method, params);
      const origin = new URL(client.baseUrl).origin;
      return { doc: raw, show: async (_io, render) => (render.tty ? terminalText(raw, method, origin, render) : jsonDocument(raw, false)) };
    },
  };
}
