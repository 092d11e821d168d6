/**
 * The summary renderer (src/render/summary.ts): each variable type filled in, amounts as the server
 * wrote them, hostile template text and values made safe, and the bodies that hold no summary.
 */
import { describe, expect, it } from 'vitest';
import type { RenderContext } from '../../src/render/context.js';
import { fillTemplate, summaryLines } from '../../src/render/summary.js';

const TTY: RenderContext = { tty: true, color: false, width: 100, now: Date.UTC(2025, 7, 11, 10), coin: 'ETH' };
const PIPED: RenderContext = { ...TTY, tty: false };
const A = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const T = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/** One summary of `template` with `variables`, as a body the explorer sends. */
const body = (template: string, variables: Record<string, unknown>) =>
  JSON.stringify({ data: { summaries: [{ summary_template: template, summary_template_variables: variables }] }, success: true });
const line = (template: string, variables: Record<string, unknown>, ctx = TTY) => {
  const out = summaryLines(body(template, variables), ctx);
  if (!('lines' in out)) throw new Error(`no lines: ${out.none}`);
  return out.lines.join('\n');
};

describe('variables, by type', () => {
  it('address: named and shortened on a terminal, whole piped, [scam] first when flagged', () => {
    const to = { type: 'address', value: { hash: A, ens_domain_name: 'vitalik.eth', name: null } };
    expect(line('to {to}', { to })).toBe('to vitalik.eth (0xd8dA…6045)');
    expect(line('to {to}', { to }, PIPED)).toBe(`to vitalik.eth (${A})`);
    expect(line('{a}', { a: { type: 'address', value: { hash: A, name: null } } })).toBe('0xd8dA…6045');
    expect(line('{a}', { a: { type: 'address', value: { hash: A, name: 'Drainer', is_scam: true } } })).toBe('[scam] Drainer (0xd8dA…6045)');
  });

  it('token: its symbol with its address (a copied symbol cannot fake the address)', () => {
    const token = { type: 'token', value: { address_hash: T, symbol: 'USDC', name: 'USD Coin', decimals: '6' } };
    expect(line('{t}', { t: token })).toBe('USDC (0xA0b8…eB48)');
    expect(line('{t}', { t: token }, PIPED)).toBe(`USDC (${T})`);
    expect(line('{t}', { t: { type: 'token', value: { address: T, symbol: null, name: 'No Symbol' } } })).toBe('No Symbol (0xA0b8…eB48)');
  });

  it('currency: the server\'s digits, exact, grouped only on a terminal', () => {
    const amount = { type: 'currency', value: '1234567.123456789012345678' };
    expect(line('{amount}', { amount })).toBe('1,234,567.123456789012345678');
    expect(line('{amount}', { amount }, PIPED)).toBe('1234567.123456789012345678');
  });

  it('currency sent as a bare JSON number: read from the body\'s text, not through a double', () => {
    const raw = '{"data":{"summaries":[{"summary_template":"{amount} ETH","summary_template_variables":{"amount":{"type":"currency","value":12345678901234567890.123456789}}}]},"success":true}';
    expect(summaryLines(raw, PIPED)).toEqual({ lines: ['12345678901234567890.123456789 ETH'] });
    expect(summaryLines(raw, TTY)).toEqual({ lines: ['12,345,678,901,234,567,890.123456789 ETH'] });
  });

  it('timestamp: Unix seconds as a time, human on a terminal, ISO piped', () => {
    expect(line('on {t}', { t: { type: 'timestamp', value: '1754904779' } })).toBe('on 2025-08-11 09:32:59 UTC');
    expect(line('on {t}', { t: { type: 'timestamp', value: 1754904779 } }, PIPED)).toBe('on 2025-08-11T09:32:59Z');
    expect(line('on {t}', { t: { type: 'timestamp', value: 'soon' } })).toBe('on soon');
  });

  it('string, method and domain: their text', () => {
    expect(line('{a} via {m} for {d}', { a: { type: 'string', value: 'Swap' }, m: { type: 'method', value: 'multicall' }, d: { type: 'domain', value: 'vitalik.eth' } })).toBe(
      'Swap via multicall for vitalik.eth',
    );
  });

  it('dexTag, external_link and link: the name (links with where they point)', () => {
    expect(line('on {dex}', { dex: { type: 'dexTag', value: { name: 'Uniswap', url: 'https://uniswap.org', icon: 'x.png', app_id: 'uniswap' } } })).toBe('on Uniswap');
    expect(line('see {doc}', { doc: { type: 'external_link', value: { name: 'Docs', link: 'https://docs.example' } } })).toBe('see Docs (https://docs.example)');
    expect(line('see {doc}', { doc: { type: 'link', value: { name: 'Page', url: 'https://page.example' } } })).toBe('see Page (https://page.example)');
  });

  it('a type nobody knows yet: its value shown as well as can be, never dropped', () => {
    expect(line('{x}', { x: { type: 'futureType', value: { level: 3 } } })).toBe('{"level":3}');
    expect(line('{x}', { x: { type: 'futureType', value: 42 } })).toBe('42');
    expect(line('{x}', { x: { type: 'futureType', value: { hash: A, name: 'Someone' } } })).toBe('Someone (0xd8dA…6045)');
  });

  it('a variable the server did not send stays {name}; {native} and {wei} name the units', () => {
    expect(line('{amount} {native} and {gas} {wei}', {})).toBe('{amount} ETH and {gas} wei');
    expect(fillTemplate({ summary_template: '{native}', summary_template_variables: {} }, { ...TTY, coin: '' })).toBe('coin');
  });

  it('a value is never read as a template again', () => {
    expect(line('{a} then {amount}', { a: { type: 'string', value: '{amount}' }, amount: { type: 'currency', value: '1' } })).toBe('{amount} then 1');
  });
});

describe('hostile text', () => {
  it('escape sequences, bidi overrides and line breaks in the template and the values become visible', () => {
    const out = line('\u001b[2J{who}\u202e sent {t}\u0007\n{dex}', {
      who: { type: 'address', value: { hash: A, name: 'Evil\u001b]0;pwned\u0007' } },
      t: { type: 'token', value: { address_hash: T, symbol: '\u202eLIVE' } },
      dex: { type: 'dexTag', value: { name: 'Dex\u200bX' } },
    });
    expect(out).toBe('␛[2JEvil␛]0;pwned␇ (0xd8dA…6045)<U+202E> sent <U+202E>LIVE (0xA0b8…eB48)␇␊Dex<U+200B>X');
  });
});

describe('bodies without a summary', () => {
  it.each([
    ['null (a transaction that did not succeed)', 'null', /successful transactions only/],
    ['success false', '{"success":false}', /could not summarise/],
    ['success false with the service\'s words', '{"success":false,"error":"model \\u001b[31mbusy"}', /could not summarise this transaction: model ␛\[31mbusy$/],
    ['no data', '{"success":true}', /without a summary/],
    ['no summaries', '{"data":{"summaries":[]},"success":true}', /nothing to say/],
    ['not an object', '"Error"', /without a summary/],
  ])('%s', (_, text, said) => {
    const out = summaryLines(text, TTY);
    expect('none' in out && out.none).toMatch(said);
  });
});
