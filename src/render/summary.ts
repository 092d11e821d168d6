/**
 * The explorer's plain-language summary of a transaction (`GET /api/v2/transactions/{h}/summary`),
 * its templates filled in. The body is `{"success":true,"data":{"summaries":[{summary_template,
 * summary_template_variables}]}}`; a template reads "{action_type} {amount} {token} to {to_address}",
 * each variable `{type, value}` with type address (an address object), token (a token object),
 * currency (a decimal amount already in the token's units), timestamp (Unix seconds), string, method,
 * domain, dexTag (`{name, url, …}`), link/external_link (`{name, url|link}`) or one we do not know.
 *
 * Everything here is chain text: the template, every value, every name. Chunks and values go
 * through safeText, and a value is never read as a template again (a string variable holding
 * "{amount}" shows those characters). A variable the template names but the server did not send
 * shows as `{name}`, so nothing is silently dropped. Amounts are the server's own digits: a currency
 * value sent as a JSON number is read from the body's text, not through a double.
 */
import { arrayElements, objectMembers } from '../base/json/lossless.js';
import { safeText, text } from '../base/text/safe.js';
import { coinLabel, type RenderContext } from './context.js';
import { isRecord } from './fields.js';
import { addressName, humanTime, isoOfMs, shortHash } from './format.js';
import { groupDigits } from './units.js';

/** What a summary body comes to: lines to print, or why there are none (one line). */
export type SummaryOutcome = { readonly lines: readonly string[] } | { readonly none: string };

/**
 * The lossless JSON splitter the summary is read with (base/json/lossless.ts). A parameter so that a test can
 * count what it is handed (filling must stay linear) without replacing the module.
 */
export interface Splitter {
  objectMembers(text: string): Map<string, string>;
  arrayElements(text: string): string[];
}

const LOSSLESS: Splitter = { objectMembers, arrayElements };

/** `{name}` in a template; names hold no braces. */
const VAR = /\{([^{}]+)\}/g;

/** The raw JSON text at `path` inside `text` (object keys and array indexes), or undefined. */
function rawAt(body: string, path: readonly (string | number)[], split: Splitter): string | undefined {
  let at: string | undefined = body.trim();
  for (const step of path) {
    if (at === undefined) return undefined;
    try {
      at = typeof step === 'number' ? split.arrayElements(at)[step] : split.objectMembers(at).get(step);
    } catch {
      return undefined;
    }
  }
  return at;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** An address value: "name (0xd8dA…6045)" on a terminal, the whole address piped; "[scam]" first when flagged. */
function addressValue(v: unknown, ctx: RenderContext): string {
  if (typeof v === 'string') return safeText(ctx.tty ? shortHash(v) : v);
  if (!isRecord(v)) return text(v);
  const hash = str(v.hash) ?? str(v.address_hash) ?? str(v.address);
  const name = addressName(v as never);
  const scam = v.is_scam === true || v.reputation === 'scam' ? '[scam] ' : '';
  if (!hash) return name ? scam + name : text(v);
  const shown = safeText(ctx.tty ? shortHash(hash) : hash);
  return scam + (name ? `${name} (${shown})` : shown);
}

/** A token value: its symbol (else name) with its address, which a copied symbol cannot fake. */
function tokenValue(v: unknown, ctx: RenderContext): string {
  if (!isRecord(v)) return text(v);
  const label = str(v.symbol) ?? str(v.name);
  const address = str(v.address_hash) ?? str(v.address);
  const at = address ? safeText(ctx.tty ? shortHash(address) : address) : '';
  if (!label) return at || text(v);
  return at ? `${safeText(label)} (${at})` : safeText(label);
}

/** An amount as the server wrote it (a string's text, a number's own digits); grouped on a terminal. */
function currencyValue(v: unknown, raw: string | undefined, ctx: RenderContext): string {
  let digits: string | undefined;
  if (typeof v === 'string') digits = v;
  else if (typeof v === 'number' && raw !== undefined && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw.trim())) digits = raw.trim();
  if (digits === undefined) return text(v);
  return safeText(ctx.tty && /^-?\d+(\.\d+)?$/.test(digits) ? groupDigits(digits) : digits);
}

/** Unix seconds as a time: "2025-08-11 09:32:59 UTC" on a terminal, ISO piped; anything else as sent. */
function timestampValue(v: unknown, ctx: RenderContext): string {
  const secs = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,12}(\.\d+)?$/.test(v) ? Number(v) : NaN;
  const iso = isoOfMs(secs * 1000);
  if (iso === undefined) return text(v);
  return ctx.tty ? humanTime(iso) : iso;
}

/** A name with where it points: dexTag `{name, url}`, link `{name, url}`, external_link `{name, link}`. */
function namedLink(v: unknown, withUrl: boolean): string {
  if (!isRecord(v)) return text(v);
  const name = str(v.name);
  const url = str(v.url) ?? str(v.link);
  if (!name) return url ? safeText(url) : text(v);
  return withUrl && url ? `${safeText(name)} (${safeText(url)})` : safeText(name);
}

/** One variable as text, by its type; a type we do not know shows its value as well as we can. */
function variableText(variable: unknown, raw: string | undefined, ctx: RenderContext): string {
  if (!isRecord(variable)) return text(variable);
  const v = variable.value;
  switch (variable.type) {
    case 'address':
      return addressValue(v, ctx);
    case 'token':
      return tokenValue(v, ctx);
    case 'currency':
      return currencyValue(v, raw, ctx);
    case 'timestamp':
      return timestampValue(v, ctx);
    case 'dexTag':
      return namedLink(v, false);
    case 'link':
    case 'external_link':
      return namedLink(v, true);
    default:
      if (isRecord(v) && (str(v.hash) || str(v.address_hash))) return str(v.symbol) || str(v.token_type) ? tokenValue(v, ctx) : addressValue(v, ctx);
      if (isRecord(v) && str(v.name)) return namedLink(v, true);
      return text(v);
  }
}

/**
 * The most a filled summary line holds: a summary is a sentence, while a template that names one big
 * variable a million times would otherwise be filled to terabytes. Beyond it the line is cut, saying so.
 */
export const SUMMARY_LINE_MAX = 1 << 20;

/**
 * The raw JSON text of each variable's `value` in a summary's raw text, found by name: the variables
 * object is split once and each variable once, on first use, so filling costs one pass over the
 * summary however many variables the template names (a lookup from the top per use was quadratic).
 */
function rawValues(rawSummary: string | undefined, split: Splitter): (name: string) => string | undefined {
  let members: Map<string, string> | undefined;
  const values = new Map<string, string | undefined>();
  return (name) => {
    if (rawSummary === undefined) return undefined;
    if (values.has(name)) return values.get(name);
    members ??= (() => {
      const vars = rawAt(rawSummary, ['summary_template_variables'], split);
      try {
        return vars === undefined ? new Map<string, string>() : split.objectMembers(vars);
      } catch {
        return new Map<string, string>();
      }
    })();
    const variable = members.get(name);
    const value = variable === undefined ? undefined : rawAt(variable, ['value'], split);
    values.set(name, value);
    return value;
  };
}

/** One summary's template with its variables filled in, as one safe line. */
export function fillTemplate(summary: unknown, ctx: RenderContext, rawSummary?: string, split: Splitter = LOSSLESS): string {
  if (!isRecord(summary) || typeof summary.summary_template !== 'string') return text(summary);
  const template = summary.summary_template;
  const vars = isRecord(summary.summary_template_variables) ? summary.summary_template_variables : {};
  const rawValue = rawValues(rawSummary, split);
  // Each variable is shown the same wherever the template names it: worked out once.
  const filled = new Map<string, string>();
  const fill = (name: string): string => {
    let shown = filled.get(name);
    if (shown === undefined) {
      shown = variableText(vars[name], rawValue(name), ctx);
      filled.set(name, shown);
    }
    return shown;
  };
  let out = '';
  let last = 0;
  for (const m of template.matchAll(VAR)) {
    if (out.length > SUMMARY_LINE_MAX) break;
    const name = m[1]!;
    out += safeText(template.slice(last, m.index));
    last = m.index + m[0].length;
    if (Object.hasOwn(vars, name)) out += fill(name);
    else if (name === 'native') out += safeText(coinLabel(ctx));
    else if (name === 'wei') out += 'wei';
    else out += safeText(m[0]);
  }
  if (out.length <= SUMMARY_LINE_MAX) out += safeText(template.slice(last));
  // One line per summary: a line break in a template or value is shown, not obeyed.
  return out.length > SUMMARY_LINE_MAX ? `${out.slice(0, SUMMARY_LINE_MAX)}… (cut: the summary is longer than 1 MiB)` : out;
}

/** The words an answer without `data` may carry: `{"success":false,"error":"…"}`. */
function saidWhy(o: Readonly<Record<string, unknown>>): string {
  for (const k of ['error', 'message', 'reason']) {
    const v = str(o[k]);
    if (v) return `: ${safeText(v.replace(/\s+/g, ' ').slice(0, 300))}`;
  }
  return '';
}

/**
 * The lines of a summary body (already checked to be JSON), or why it has none: `null` (the
 * explorer summarises successful transactions only), `{"success":false}` (the service could not),
 * no `data.summaries`, or an empty list.
 */
export function summaryLines(body: string, ctx: RenderContext, split: Splitter = LOSSLESS): SummaryOutcome {
  const value: unknown = JSON.parse(body);
  if (value === null) return { none: 'the explorer gives none for this transaction (it summarises successful transactions only)' };
  if (!isRecord(value)) return { none: 'the explorer answered without a summary' };
  if (value.success === false) return { none: `the summary service could not summarise this transaction${saidWhy(value)}` };
  const data = isRecord(value.data) ? value.data : undefined;
  const summaries = data?.summaries;
  if (!Array.isArray(summaries)) return { none: `the explorer answered without a summary${saidWhy(value)}` };
  if (summaries.length === 0) return { none: 'the summary service found nothing to say about this transaction' };
  const raws = (() => {
    const raw = rawAt(body, ['data', 'summaries'], split);
    try {
      return raw === undefined ? [] : split.arrayElements(raw);
    } catch {
      return [];
    }
  })();
  return { lines: summaries.map((s, i) => fillTemplate(s, ctx, raws[i], split)) };
}
