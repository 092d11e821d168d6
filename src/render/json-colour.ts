/**
 * JSON text coloured for a terminal: keys, strings, numbers and true/false/null painted (paint.ts).
 * Loaded only when colour is on (json.ts paintJson), so piped JSON never loads chalk.
 */
import { skipString, skipWs } from '../base/json/lossless.js';
import type { RenderContext } from './context.js';
import { paint } from './paint.js';

const NUMBER_OR_LITERAL = /-?\d[\d.eE+-]*|true|false|null/y;

/**
 * JSON text (valid, already escaped) with its tokens painted: a string followed by `:` as a key, the
 * other strings, numbers, and true/false/null.
 */
export function colourJson(text: string, ctx: Pick<RenderContext, 'color'>): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const end = skipString(text, i);
      out += paint(text.slice(i, end), text[skipWs(text, end)] === ':' ? 'key' : 'string', ctx);
      i = end;
      continue;
    }
    NUMBER_OR_LITERAL.lastIndex = i;
    const m = NUMBER_OR_LITERAL.exec(text);
    if (m) {
      out += paint(m[0], m[0].length > 3 && /^[tfn]/.test(m[0]) ? 'literal' : 'number', ctx);
      i += m[0].length;
      continue;
    }
    // Punctuation and whitespace up to the next token.
    let j = i + 1;
    while (j < text.length && /[\s{}[\],:]/.test(text[j]!)) j++;
    out += text.slice(i, j);
    i = j;
  }
  return out;
}
