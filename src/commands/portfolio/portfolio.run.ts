/**
 * The run of `scout portfolio`: one wallet (or each wallet read from stdin) over the chains asked.
 *
 * Each chain, at most MAX_HOSTS at once: when the chains are a set (`mainnets`, the default), its
 * `/addresses/{h}/tabs-counters` first, and a chain where every counter is 0 is skipped (an explorer
 * without the endpoint is asked anyway); then `/addresses/{h}` (the coin balance and its exchange
 * rate) and `/addresses/{h}/token-balances` (one array) side by side. A 404 is nothing held there.
 *
 * Values are exact (render/units.ts): each holding's value is amount × price with every digit, sums
 * are exact, and only what is shown is rounded, to cents. Tokens without a price are listed apart
 * and never summed; tokens flagged as scams (or of a reputation other than ok) are hidden unless
 * `--include-scam`, and counted; `--min-usd` hides priced holdings worth less (still summed).
 *
 * A chain that fails does not stop the others: it is named on stderr, the total is marked partial,
 * and the run exits with the worst code (run/many.ts, `scout help exit-codes`).
 */
import { addressPath, addressTokenBalancesPath } from '../../api/endpoints.js';
import { NotFoundError, ScoutError, UsageError } from '../../base/errors.js';
import { arrayElements, objectMembers, RawJsonError } from '../../base/json/lossless.js';
import { safeText } from '../../base/text/safe.js';
import { NameRef, parseAddressOrName } from '../../base/validate.js';
import { chainSetOf } from '../../config/chain-list.js';
import type { Invocation, Session } from '../../kit/invocation.js';
import { COIN_DECIMALS } from '../../render/balance.js';
import { chainName, type ChainPart, type Holding, NATIVE, portfolioColumns, portfolioText, type Valued } from '../../render/portfolio.js';
import { compareExact, type Exact, exactValue, formatUnits, roundExact, sumExact, toBigInt, toDecimals } from '../../render/units.js';
import { readBatchLines } from '../../run/batch.js';
import { type Lane, MAX_HOSTS, planChains } from '../../run/fanout.js';
import { blockHeading, exitCodeOf, limiter, runFailed, worse } from '../../run/many.js';
import { printDocument, printList } from '../../run/output.js';
import { lacking } from '../address/balance.run.js';

/** A wallet given on the command line (a name keeps what was typed), or `-`: one a line from stdin. */
export type WalletArg = '-' | { readonly address: string; readonly typed?: string | undefined };

/** What portfolio.ts hands the run, checked. */
export interface PortfolioInput {
  address: WalletArg;
  chains: { words: string[] } | undefined;
  includeScam: boolean;
  minUsd: Exact | undefined;
  combined: boolean;
}

/** The members of a JSON object's text (raw), or undefined when it is no object. */
function members(raw: string | undefined): Map<string, string> | undefined {
  const t = raw?.trim();
  if (!t?.startsWith('{')) return undefined;
  try {
    return objectMembers(t);
  } catch (e) {
    if (e instanceof RawJsonError) return undefined;
    throw e;
  }
}

/** A scalar member as text, exactly as sent: a string's value, a number's own digits (never through a float); else null. */
function scalar(raw: string | undefined): string | null {
  const t = raw?.trim();
  if (t === undefined) return null;
  if (t.startsWith('"')) {
    const v: unknown = JSON.parse(t);
    return typeof v === 'string' ? v : null;
  }
  return /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(t) ? t : t === 'true' || t === 'false' ? t : null;
}

/** What one chain answered for one wallet, as sent (null for a 404). */
interface Answer {
  readonly lane: Lane;
  readonly address: string | null;
  readonly tokenBalances: string | null;
}

/** No counter of the address's tabs is above 0: nothing ever happened there. */
function inactive(body: string): boolean {
  const m = members(body);
  if (!m || m.size === 0) return false;
  const counts = [...m.values()].map((v) => toBigInt(scalar(v)));
  return counts.every((n) => n !== undefined && n === 0n);
}

/** A body, or null when the explorer has nothing there (404). */
async function orNothing(get: Promise<string>): Promise<string | null> {
  try {
    return (await get).trim();
  } catch (e) {
    if (e instanceof NotFoundError) return null;
    throw e;
  }
}

/** One chain's answer for `address`; 'inactive' when its counters say nothing ever happened there. */
async function askChain(lane: Lane, address: string, checkActivity: boolean): Promise<Answer | 'inactive'> {
  const { client } = lane;
  if (checkActivity) {
    try {
      if (inactive(await client.getRaw(`${addressPath(address)}/tabs-counters`, [], `tab counters of address ${address}`))) return 'inactive';
    } catch (e) {
      // An explorer without the counters: asked for the balances anyway.
      if (!lacking(e)) throw e;
    }
  }
  const [doc, tokens] = await Promise.all([orNothing(client.getRaw(addressPath(address), [], `address ${address}`)), orNothing(client.getRaw(addressTokenBalancesPath(address), [], `token balances of address ${address}`))]);
  const origin = new URL(client.baseUrl).origin;
  if (doc !== null && !doc.startsWith('{')) throw new ScoutError(`unusable response from ${origin}: expected an address object`);
  if (tokens !== null && !tokens.startsWith('[')) throw new ScoutError(`unusable response from ${origin}: expected an array of token balances`);
  return { lane, address: doc, tokenBalances: tokens };
}

/** What the user asked to see. */
interface Filter {
  readonly includeScam: boolean;
  readonly minUsd: Exact | undefined;
}

/** One chain's holdings, read from its answer: shown (priced, unpriced) and hidden counts. */
interface ChainHoldings extends ChainPart {
  readonly flaggedHidden: number;
  readonly belowMin: number;
}

function holdingsOf(a: Answer, wallet: string, filter: Filter): ChainHoldings {
  const { lane } = a;
  const all: Valued[] = [];
  const add = (h: Omit<Holding, 'chain' | 'chain_id' | 'address' | 'amount' | 'value_usd'>) => {
    if (toBigInt(h.amount_raw) === 0n) return;
    const value = h.price_usd === null ? undefined : exactValue(h.amount_raw, h.decimals ?? 0, h.price_usd);
    const row: Holding = {
      chain: lane.label,
      chain_id: lane.id,
      address: wallet,
      token: h.token,
      symbol: h.symbol,
      name: h.name,
      type: h.type,
      token_id: h.token_id,
      amount_raw: h.amount_raw,
      amount: formatUnits(h.amount_raw, h.decimals ?? 0) ?? h.amount_raw,
      decimals: h.decimals,
      price_usd: value === undefined ? null : h.price_usd,
      value_usd: value === undefined ? null : roundExact(value),
      reputation: h.reputation,
      flagged: h.flagged,
    };
    all.push({ row, value });
  };
  const doc = members(a.address ?? undefined);
  const coin = scalar(doc?.get('coin_balance'));
  if (coin !== null && toBigInt(coin) !== undefined) {
    add({ token: NATIVE, symbol: lane.target.coin || 'coin', name: null, type: NATIVE, token_id: null, amount_raw: coin, decimals: COIN_DECIMALS, price_usd: scalar(doc?.get('exchange_rate')), reputation: null, flagged: false });
  }
  for (const raw of a.tokenBalances === null ? [] : arrayElements(a.tokenBalances)) {
    const m = members(raw);
    const t = members(m?.get('token'));
    const value = scalar(m?.get('value'));
    if (value === null || toBigInt(value) === undefined) continue;
    const reputation = scalar(t?.get('reputation'));
    const decimals = toDecimals(scalar(t?.get('decimals')));
    add({
      token: scalar(t?.get('address_hash')) ?? scalar(t?.get('address')) ?? '',
      symbol: scalar(t?.get('symbol')) ?? '',
      name: scalar(t?.get('name')),
      type: scalar(t?.get('type')) ?? '',
      token_id: scalar(m?.get('token_id')),
      amount_raw: value,
      decimals: decimals ?? null,
      price_usd: scalar(t?.get('exchange_rate')),
      reputation,
      flagged: scalar(t?.get('is_scam')) === 'true' || (reputation !== null && reputation !== 'ok'),
    });
  }
  const shown = all.filter((v) => filter.includeScam || !v.row.flagged);
  const priced = shown.filter((v) => v.value !== undefined);
  const min = filter.minUsd;
  const visible = min === undefined ? priced : priced.filter((v) => compareExact(v.value!, min) >= 0);
  return {
    chain: lane.label,
    chainId: lane.id,
    priced: visible.sort((x, y) => compareExact(y.value!, x.value!)),
    unpriced: shown.filter((v) => v.value === undefined),
    // Hidden by --min-usd is still the wallet's: summed. A flagged token is summed only when shown.
    subtotal: sumExact(priced.map((v) => v.value!)),
    flaggedHidden: all.length - shown.length,
    belowMin: priced.length - visible.length,
  };
}

/** A chain that failed, for the summary. */
interface Failed {
  readonly lane: Lane;
  readonly error: unknown;
}

/** One wallet's portfolio over the chains. */
interface Wallet {
  readonly address: string;
  /** What was typed, when it was a name. */
  readonly typed: string | undefined;
  readonly answers: readonly Answer[];
  readonly parts: readonly ChainHoldings[];
  readonly skipped: readonly Lane[];
  readonly failed: readonly Failed[];
  readonly total: Exact;
}

const laneKey = (lane: Lane) => lane.id ?? lane.label;

async function walletOver(s: Session, lanes: readonly Lane[], checkActivity: boolean, address: string, typed: string | undefined, filter: Filter): Promise<Wallet> {
  const run = limiter(MAX_HOSTS);
  const settled = await Promise.allSettled(lanes.map((lane) => run(() => askChain(lane, address, checkActivity))));
  const answers: Answer[] = [];
  const skipped: Lane[] = [];
  const failed: Failed[] = [];
  settled.forEach((r, i) => {
    const lane = lanes[i]!;
    if (r.status === 'rejected') {
      // Ctrl-C or a fault of scout's own ends the whole run.
      if (!(r.reason instanceof ScoutError) || exitCodeOf(r.reason) === 130) throw r.reason;
      failed.push({ lane, error: r.reason });
    } else if (r.value === 'inactive') skipped.push(lane);
    else answers.push(r.value);
  });
  for (const f of failed) await s.io.err.write(`scout: ${safeText(chainName(f.lane.label, f.lane.id))}: ${safeText(f.error instanceof Error ? f.error.message : String(f.error))}\n`);
  const parts = answers.map((a) => holdingsOf(a, address, filter));
  return { address, typed, answers, parts, skipped, failed, total: sumExact(parts.map((p) => p.subtotal)) };
}

// ---- JSON

const q = (v: unknown) => JSON.stringify(v);

/** The computed totals of one wallet, or of many together. */
function totalsOf(ws: readonly Wallet[]): Record<string, unknown> {
  return {
    usd: roundExact(sumExact(ws.map((w) => w.total))),
    usd_exact: exactText(sumExact(ws.map((w) => w.total))),
    partial: ws.some((w) => w.failed.length > 0),
    hidden: {
      flagged: ws.reduce((n, w) => n + w.parts.reduce((k, p) => k + p.flaggedHidden, 0), 0),
      below_min_usd: ws.reduce((n, w) => n + w.parts.reduce((k, p) => k + p.belowMin, 0), 0),
    },
    unpriced: ws.reduce((n, w) => n + w.parts.reduce((k, p) => k + p.unpriced.length, 0), 0),
  };
}

/** An exact figure with every digit, trailing zeros trimmed. */
function exactText(v: Exact): string {
  return formatUnits(v.int, v.scale) ?? '0';
}

/** A wallet as one JSON object: the chains' answers as sent, then what scout worked out from them. */
function walletJson(w: Wallet): string {
  const sent = w.answers.map((a) => `${q(laneKey(a.lane))}:{"address":${a.address ?? 'null'},"token_balances":${a.tokenBalances ?? 'null'}}`);
  const subtotals = Object.fromEntries(w.parts.map((p) => [p.chainId ?? p.chain, { chain: p.chain, usd: roundExact(p.subtotal), usd_exact: exactText(p.subtotal), unpriced: p.unpriced.length }]));
  const holdings = w.parts.flatMap((p) => [...p.priced, ...p.unpriced].map((v) => v.row));
  const lane = (l: Lane) => ({ chain: l.label, chain_id: l.id });
  const computed = {
    holdings,
    subtotals,
    totals: { ...totalsOf([w]), chains: w.parts.length },
    failed: w.failed.map((f) => ({ ...lane(f.lane), error: f.error instanceof Error ? f.error.message : String(f.error) })),
    skipped: w.skipped.map(lane),
  };
  const typed = w.typed === undefined ? '' : `"name":${q(w.typed)},`;
  return `{"address":${q(w.address)},${typed}"chains":{${sent.join(',')}},${q(computed).slice(1)}`;
}

// ---- the run

/** The wallets asked for: the one given, or each line of stdin (all checked before any request), names resolved. */
async function* walletsOf(s: Session, given: PortfolioInput['address']): AsyncGenerator<{ address: string; typed: string | undefined; line: number | undefined } | { error: unknown; line: number }> {
  if (given !== '-') {
    yield { address: given.address, typed: given.typed, line: undefined };
    return;
  }
  const { normaliseName, resolveNames } = await import('../../run/names.js');
  const lines = await readBatchLines(s.io);
  const parsed: { line: number; value: string | NameRef; name?: string }[] = [];
  for (const l of lines) {
    let value: string | NameRef;
    try {
      value = parseAddressOrName(l.text);
    } catch (e) {
      if (e instanceof UsageError) throw new UsageError(`line ${l.line}: ${e.message}`);
      throw e;
    }
    parsed.push(value instanceof NameRef ? { line: l.line, value, name: await normaliseName(value).catch((e: unknown) => { throw e instanceof UsageError ? new UsageError(`line ${l.line}: ${e.message}`) : e; }) } : { line: l.line, value });
  }
  for (const p of parsed) {
    if (!(p.value instanceof NameRef)) {
      yield { address: p.value, typed: undefined, line: p.line };
      continue;
    }
    try {
      const found = await resolveNames(s, [[p.value, p.name!]]);
      yield { address: found.get(p.value)!, typed: p.value.typed, line: p.line };
    } catch (e) {
      if (!(e instanceof ScoutError)) throw e;
      yield { error: e, line: p.line };
    }
  }
}

/** The chains of the run, and whether a chain without activity is skipped (the chains are a set). */
async function lanesOf(inv: Invocation, s: Session, chains: readonly string[] | undefined): Promise<{ lanes: Lane[]; checkActivity: boolean }> {
  const g = inv.globals as { chain?: unknown; baseUrl?: unknown };
  if (chains === undefined && (g.chain !== undefined || g.baseUrl !== undefined)) {
    // --chain or --base-url without --chains: that one explorer.
    const target = s.settings.explorer();
    const label = safeText(target.chain?.names[0] ?? target.chain?.id ?? new URL(target.baseUrl).host);
    return { lanes: [{ target, label, id: target.chain?.id ?? null, client: s.explorer() }], checkActivity: false };
  }
  const words = chains ?? ['mainnets'];
  return { lanes: await planChains(inv, words), checkActivity: words.every((w) => chainSetOf(w) !== undefined) };
}

export async function portfolio(inv: Invocation, input: PortfolioInput): Promise<void> {
  const s = await inv.session();
  const { lanes, checkActivity } = await lanesOf(inv, s, input.chains?.words);
  const filter: Filter = { includeScam: input.includeScam, minUsd: input.minUsd };
  const mode = inv.output.mode;
  const tty = mode === 'table' && s.render.tty;
  const wallets: Wallet[] = [];
  let code = 0;
  let failures = 0;
  let asked = 0;
  const failedNames = new Set<string>();
  const rows: Holding[][] = [];
  let n = 0;
  for await (const w of walletsOf(s, input.address)) {
    if ('error' in w) {
      await s.io.err.write(`scout: line ${w.line}: ${safeText(w.error instanceof Error ? w.error.message : String(w.error))}\n`);
      code = worse(code, exitCodeOf(w.error));
      failures++;
      asked++;
      continue;
    }
    const wallet = await walletOver(s, lanes, checkActivity, w.address, w.typed, filter);
    wallets.push(wallet);
    asked += lanes.length;
    failures += wallet.failed.length;
    for (const f of wallet.failed) {
      code = worse(code, exitCodeOf(f.error));
      failedNames.add(f.lane.label);
    }
    if (tty) {
      const title = `${safeText(w.typed ?? w.address)}${w.typed ? ` (${w.address})` : ''}`;
      const head = input.address === '-' ? blockHeading(title, n === 0, s.render) : '';
      const failed = wallet.failed.map((f) => f.lane.label);
      await s.io.out.write(head + portfolioText(wallet.parts, { total: wallet.total, failed }, { ...s.render, wide: inv.output.wide }, inv.output.columns));
      await tellAside(s, [wallet], filter);
    } else if (mode !== 'json') rows.push(wallet.parts.flatMap((p) => [...p.priced, ...p.unpriced].map((v) => v.row)));
    n++;
  }
  if (mode === 'json') {
    const objects = wallets.map(walletJson);
    const doc = input.address !== '-' ? objects[0]! : input.combined ? `{"wallets":[${objects.join(',')}],"combined":${q({ ...totalsOf(wallets), wallets: wallets.length })}}` : `[${objects.join(',')}]`;
    if (objects.length > 0 || input.address === '-') await printDocument(s, doc, 'json');
  } else if (!tty) {
    const { onePage } = await import('../../api/paginate.js');
    const all = rows.flat();
    await printList(s, onePage(async () => ({ rawItems: all.map((r) => JSON.stringify(r)), compact: false, next: null, items: () => all })), async () => ({ columns: portfolioColumns }), { mode, columns: inv.output.columns, wide: inv.output.wide });
    if (s.io.stderrIsTTY) await tellAside(s, wallets, filter);
  }
  if (tty && input.combined) {
    await s.io.out.write(`\n${blockHeading(`combined total ${(await import('../../render/units.js')).usdOf(sumExact(wallets.map((w) => w.total)))} across ${wallets.length} wallets${failures > 0 ? ' (partial)' : ''}`, true, s.render)}`);
  }
  if (failures > 0) throw runFailed(failures, asked, ['chain', 'chains'], failedNames.size > 0 ? `: ${[...failedNames].join(', ')}; the total is partial` : '; the total is partial', code);
}

/** What a person reading the table wants beside it: what was hidden, the chains skipped. */
async function tellAside(s: Session, ws: readonly Wallet[], filter: Filter): Promise<void> {
  const t = totalsOf(ws) as { hidden: { flagged: number; below_min_usd: number } };
  const bits: string[] = [];
  if (t.hidden.flagged > 0) bits.push(`${t.hidden.flagged} flagged as scam or of low reputation (--include-scam shows them)`);
  if (t.hidden.below_min_usd > 0 && filter.minUsd) bits.push(`${t.hidden.below_min_usd} worth less than $${roundExact(filter.minUsd, filter.minUsd.scale)} (still in the totals)`);
  if (bits.length > 0) await s.io.err.write(`scout: hidden: ${bits.join('; ')}\n`);
  const skipped = new Set(ws.flatMap((w) => w.skipped.map((l) => l.label)));
  if (skipped.size > 0) await s.io.err.write(`scout: no activity on ${skipped.size} ${skipped.size === 1 ? 'chain' : 'chains'}: ${[...skipped].join(', ')}\n`);
}
