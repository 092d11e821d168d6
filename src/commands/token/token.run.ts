/**
 * The runs of `token show`, `token nft` and `token holders`. `token show` asks for the token and its
 * counters at once (`token nft` the NFT and its transfer count); `--json` prints the object as sent
 * with the counters object as sent spliced in under a `counters` key (the bytes of both kept). `token holders` needs the token itself only for a table
 * or CSV (balances in units, shares of the supply); JSON prints the holders as sent.
 */
import { tokenCountersPath, tokenHolders, tokenInstancePath, tokenInstanceTransfersCountPath, tokenPath } from '../../api/endpoints.js';
import { paginate } from '../../api/paginate.js';
import { InterruptedError, ResponseShapeError } from '../../base/errors.js';
import type { ListView } from '../../render/views.js';
import type { TokenHolder } from '../../api/schemas.js';
import { objectMembers, RawJsonError } from '../../base/json/lossless.js';
import { safeText } from '../../base/text/safe.js';
import { offerNextPage, printDocument, printList } from '../../run/output.js';
import { pagination } from '../../kit/page-options.js';
import { openProgress } from '../../run/progress.js';
import { notAContract } from '../../run/not-contract.js';
import type { Invocation } from '../../kit/invocation.js';

/** `body` (a JSON object's text) with `"counters":<counters>` added as its last member, both byte for byte. */
export function withCounters(body: string, counters: string, origin: string, noun = 'token'): string {
  const t = body.trim();
  let members: Map<string, string>;
  try {
    if (!t.startsWith('{')) throw new RawJsonError('not an object');
    members = objectMembers(t);
  } catch (e) {
    if (!(e instanceof RawJsonError)) throw e;
    throw new ResponseShapeError(`unusable response from ${origin}: expected a ${noun} object`);
  }
  return `${t.slice(0, -1)}${members.size === 0 ? '' : ','}"counters":${counters.trim()}}`;
}

/** The decoded body when it is a JSON object, else undefined. */
function objectOf(body: string): Record<string, unknown> | undefined {
  const v: unknown = JSON.parse(body);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/**
 * An object and its counters, asked at once: counters that cannot be had leave the object without
 * them and a warning on stderr in `words` ("the token's counters"); the object's failure is the run's.
 */
async function withItsCounters(inv: Invocation, object: { path: string; what: string }, counters: { path: string; what: string; words: string; noun: string }) {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const progress = await openProgress(s.io, mode, `${inv.path.join(' ')} · loading`, s.render.color, { waits: s.waits });
  let body: string;
  let counted: string | undefined;
  try {
    // Both at once; the counters are settled here so a failure of theirs is never unhandled.
    const pending = explorer.getRaw(counters.path, [], counters.what).then(
      (b) => ({ body: b }),
      (error: unknown) => ({ error }),
    );
    body = await explorer.getRaw(object.path, [], object.what);
    const got = await pending;
    if ('body' in got) counted = got.body;
    else {
      if (got.error instanceof InterruptedError) throw got.error;
      // The object without its counts is still worth showing; the gap is said, never hidden.
      const why = got.error instanceof Error ? got.error.message : String(got.error);
      await s.io.err.write(`scout: warning: ${counters.words} could not be had (${safeText(why)}); showing the ${counters.noun} without them\n`);
    }
  } finally {
    progress.stop();
  }
  return { s, mode, body, counted, origin: new URL(explorer.baseUrl).origin };
}

export async function show(inv: Invocation, address: string): Promise<void> {
  const { s, mode, body: token, counted: counters, origin } = await withItsCounters(
    inv,
    { path: tokenPath(address), what: `token ${address}` },
    { path: tokenCountersPath(address), what: `counters of token ${address}`, words: "the token's counters", noun: 'token' },
  );
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, counters === undefined ? token : withCounters(token, counters, origin), mode);

  const t = objectOf(token);
  if (!t) throw new ResponseShapeError(`unusable response from ${origin}: expected a token object`);
  const [{ TokenDetail, TokenCounters }, { checkShape }, { renderToken }] = await Promise.all([import('../../api/shapes.js'), import('../../api/shape.js'), import('../../render/token.js')]);
  if (checkShape(TokenDetail, t)) await s.io.err.write('scout: warning: the token has an unexpected shape; showing it as best we can\n');
  const c = counters === undefined ? undefined : objectOf(counters);
  if (counters !== undefined && (!c || checkShape(TokenCounters, c))) await s.io.err.write("scout: warning: the token's counters have an unexpected shape; showing what can be read\n");
  await s.io.out.write(renderToken(t as never, c as never, s.render));
}

export async function holders(inv: Invocation, address: string, id?: string): Promise<void> {
  const req = tokenHolders(address, id);
  if (inv.output.cursorRead) (await import('../../api/cursor.js')).checkCursorOrigin(inv.output.cursorRead, { command: inv.path.join(' '), path: req.path });
  const s = await inv.session();
  const client = s.explorer();
  const { mode } = inv.output;
  // Units and shares need the token's decimals and supply: asked for only where rows are drawn.
  const token = mode === 'json' || mode === 'ndjson' ? undefined : client.getRaw(tokenPath(address), [], `token ${address}`);
  token?.catch(() => undefined);
  const view = async (): Promise<ListView<TokenHolder>> => {
    const [{ tokenHolderColumns }, { TokenHolder }, body] = await Promise.all([import('../../render/token.js'), import('../../api/shapes.js'), token]);
    const t = body === undefined ? undefined : objectOf(body);
    return { columns: tokenHolderColumns({ decimals: t?.decimals, symbol: t?.symbol, totalSupply: t?.total_supply }), shape: TokenHolder };
  };
  let printed;
  try {
    printed = await printList(s, paginate((r, c) => client.page(r, c), req, pagination(inv.output)), view, inv.output);
  } catch (e) {
    throw await notAContract(client, address, e);
  }
  await offerNextPage(s, printed, inv.output, { line: inv.hint, path: req.path });
}

/** `scout token nft <address> <id>`: the NFT, and how many transfers it has had, asked at once. */
export async function nft(inv: Invocation, address: string, id: string): Promise<void> {
  const { s, mode, body, counted, origin } = await withItsCounters(
    inv,
    { path: tokenInstancePath(address, id), what: `token ${address} id ${id}` },
    { path: tokenInstanceTransfersCountPath(address, id), what: `transfer count of token ${address} id ${id}`, words: "the NFT's transfer count", noun: 'NFT' },
  );
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, counted === undefined ? body : withCounters(body, counted, origin, 'NFT'), mode);
  const [{ printObject }, { objectView }] = await Promise.all([import('../../run/object.js'), import('../../kit/view-ref.js')]);
  const c = counted === undefined ? undefined : objectOf(counted);
  // The count goes to the view beside the NFT, as a part of it.
  await printObject(s, body, origin, await objectView('tokenInstance')(), c === undefined ? undefined : { counters: c });
}
