/**
 * Help text wrapped to a width: the terminal's, or 80 when piped (docs/cli-contract.md, Help).
 * Commander wraps what it lays out (options, commands, descriptions); what a command adds after them
 * (paragraphs, piped fields, examples) is wrapped here, so no line of help is wider than the width
 * unless one word is.
 */

/** Commander's width when none is known, and the width of help piped. */
export const HELP_WIDTH = 80;

/**
 * Wraps each line of `text` longer than `width` at spaces. A continuation keeps the line's indent,
 * and the indent of its text after a list mark (`- `, `* `, `1. `), so lists and indented blocks
 * stay readable.
 */
export function wrapText(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => (line.length <= width ? line : wrapLine(line, width)))
    .join('\n');
}

function wrapLine(line: string, width: number): string {
  const lead = /^(\s*(?:[-*]|\d+\.)?\s*)/.exec(line)?.[1] ?? '';
  const hang = ' '.repeat(lead.length);
  const words = line.slice(lead.length).split(/ +/);
  const out: string[] = [];
  let current = lead;
  let bare = true;
  for (const word of words) {
    if (!bare && current.length + 1 + word.length > width) {
      out.push(current);
      current = hang + word;
    } else {
      current += (bare ? '' : ' ') + word;
    }
    bare = false;
  }
  out.push(current);
  return out.join('\n');
}

/**
 * An example command line as help prints it: indented two spaces, and broken where it would pass
 * `width` into lines that end in ` \` (a shell reads them as one line, so the example still pastes),
 * each continuation indented four. Breaks fall only on spaces outside quotes.
 */
export function exampleText(example: string, width: number): string {
  const words = shellWords(example);
  const lines: string[] = [];
  let current = '  ';
  let bare = true;
  words.forEach((word, i) => {
    // Room for the word and, unless it ends the example, the ` \` that continues the line.
    const tail = i === words.length - 1 ? 0 : 2;
    if (!bare && current.length + 1 + word.length + tail > width) {
      lines.push(current + ' \\');
      current = '    ' + word;
    } else {
      current += (bare ? '' : ' ') + word;
    }
    bare = false;
  });
  lines.push(current);
  return lines.join('\n');
}

/** The words of a command line, split at spaces outside single or double quotes (quotes kept). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  for (const ch of line) {
    if (quote) {
      word += ch;
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      word += ch;
    } else if (ch === ' ') {
      if (word) words.push(word);
      word = '';
    } else {
      word += ch;
    }
  }
  if (word) words.push(word);
  return words;
}

/** The Example(s) section of a command's help. */
export function examplesSection(examples: readonly string[], width: number): string {
  return `${examples.length > 1 ? 'Examples' : 'Example'}:\n${examples.map((e) => exampleText(e, width) + '\n').join('')}`;
}
