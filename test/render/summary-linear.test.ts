/**
 * Issue 20, item 8: filling a summary's template is linear. A hostile explorer's 4.6 MiB summary of
 * thousands of variables took 26 s, because each variable's raw value was looked up from the top of
 * the summary again. Speed is measured in the benchmark, never here: these tests count the text the
 * raw-JSON splitter is handed (it must stay within a few passes over the body, however many
 * variables the template names) and check that a template naming one big variable over and over
 * is cut at SUMMARY_LINE_MAX instead of filled to gigabytes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RenderContext } from '../../src/render/context.js';
import { arrayElements, objectMembers } from '../../src/base/json/lossless.js';
import { type Splitter, SUMMARY_LINE_MAX, summaryLines as fill } from '../../src/render/summary.js';

/** Characters handed to objectMembers and arrayElements since the last reset. */
const scanned = { chars: 0 };
/** The real splitter, counting what it is handed: passed in, no module replaced. */
const counting: Splitter = {
  objectMembers: (text) => ((scanned.chars += text.length), objectMembers(text)),
  arrayElements: (text) => ((scanned.chars += text.length), arrayElements(text)),
};
const summaryLines = (body: string, ctx: RenderContext) => fill(body, ctx, counting);

const PIPED: RenderContext = { tty: false, color: false, width: 100, now: Date.UTC(2025, 7, 11, 10), coin: 'ETH' };

/** A summary body of `n` variables, every one named by the template; currency values as bare numbers. */
function manyVariables(n: number): string {
  const variables: Record<string, unknown> = {};
  let template = '';
  for (let i = 0; i < n; i++) {
    template += `{v${i}} `;
    variables[`v${i}`] = i % 2 ? { type: 'currency', value: 1234567 + i } : { type: 'string', value: 'x'.repeat(40) };
  }
  return JSON.stringify({ success: true, data: { summaries: [{ summary_template: template, summary_template_variables: variables }] } });
}

afterEach(() => {
  scanned.chars = 0;
});

describe('tx summary template filling', () => {
  it('reads the raw body a bounded number of times, however many variables the template names', () => {
    const body = manyVariables(4000);
    const out = summaryLines(body, PIPED);
    if (!('lines' in out)) throw new Error(out.none);
    // Every variable is filled in, currency values from the body's own digits.
    expect(out.lines[0]).toContain(`${1234567 + 3999} `);
    expect(out.lines[0]).toContain(`${'x'.repeat(40)} ${1234568} `);
    // Splitting the body, its summaries, the variables and each variable once: a few body lengths.
    // A lookup from the top per variable hands the splitter thousands of body lengths.
    // The splitter passed in is the one used (else the count below proves nothing).
    expect(scanned.chars).toBeGreaterThanOrEqual(body.length);
    expect(scanned.chars).toBeLessThan(6 * body.length);
  });

  it('fills a 4 MiB summary of 60,000 variables in one line', () => {
    const body = manyVariables(60_000);
    expect(body.length).toBeGreaterThan(4 << 20);
    const out = summaryLines(body, PIPED);
    if (!('lines' in out)) throw new Error(out.none);
    expect(out.lines).toHaveLength(1);
    // The splitter passed in is the one used (else the count below proves nothing).
    expect(scanned.chars).toBeGreaterThanOrEqual(body.length);
    expect(scanned.chars).toBeLessThan(6 * body.length);
  });

  it('cuts a line that one variable named over and over would make enormous', () => {
    const big = 'y'.repeat(100_000);
    const body = JSON.stringify({
      success: true,
      data: { summaries: [{ summary_template: '{a}'.repeat(200), summary_template_variables: { a: { type: 'string', value: big } } }] },
    });
    const out = summaryLines(body, PIPED);
    if (!('lines' in out)) throw new Error(out.none);
    expect(out.lines[0]!.startsWith(big + big)).toBe(true);
    expect(out.lines[0]!.length).toBeLessThan(SUMMARY_LINE_MAX + 100);
    expect(out.lines[0]).toMatch(/… \(cut: the summary is longer than 1 MiB\)$/);
  });
});
