/**
 * `scout explorer` as text: a section per configuration part, each field of its object on a row
 * (nested objects by their dotted key, lists joined). Piped, one line per field:
 * `part<TAB>key<TAB>value`. Every name and value is the explorer's text: shown through safeText.
 */
import { safeText } from '../base/text/safe.js';
import type { RenderContext } from './context.js';
import { paint } from './paint.js';
import { type KeyValueRow, renderKeyValue } from './key-value.js';

/** `[key, value]` for every scalar of `v`, nested keys dotted, arrays of scalars joined with `, `. */
function fields(v: unknown, prefix = ''): [string, string][] {
  if (v === null || typeof v !== 'object') return [[prefix || 'value', v === null ? 'null' : String(v)]];
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== 'object')) return [[prefix || 'value', v.map((x) => String(x)).join(', ')]];
    return v.flatMap((x, i) => fields(x, `${prefix}${prefix ? '.' : ''}${i}`));
  }
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0) return [[prefix || 'value', '{}']];
  return entries.flatMap(([k, x]) => fields(x, `${prefix}${prefix ? '.' : ''}${k}`));
}

/** The parts served, as `[part, body as sent]`, in the order asked. */
export function renderExplorer(parts: readonly (readonly [string, string])[], ctx: RenderContext): string {
  if (!ctx.tty) {
    let s = '';
    for (const [part, body] of parts) for (const [k, v] of fields(JSON.parse(body))) s += [part, safeText(k), safeText(v)].map((f) => f.replace(/[\t\n]/g, ' ')).join('\t') + '\n';
    return s;
  }
  return parts
    .map(([part, body]) => {
      const rows: KeyValueRow[] = fields(JSON.parse(body)).map(([k, v]) => ({ label: safeText(k), value: safeText(v) }));
      return `${paint(part.replace(/_/g, ' '), 'bold', ctx)}\n${renderKeyValue(rows, ctx)}`;
    })
    .join('\n');
}
