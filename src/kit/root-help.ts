/**
 * `scout --help`: one description naming every area, the commands grouped by area, the examples and
 * help topics, then the global options last (they apply to every command, and a reader looks for the
 * commands first). Commander lays each part out (its help groups, its item formatting and wrapping);
 * this only orders the parts.
 */
import { type Command, Help } from 'commander';
import { examplesSection, wrapText } from './help-text.js';

export const ROOT_DESCRIPTION =
  'Explore EVM chains through Blockscout explorers: addresses, transactions, blocks, tokens, contracts, ERC-4337 user operations, ' +
  'search, network stats and gas, many chains at once (--chains), and the Merits admin API.';

export const ROOT_EXAMPLES = [
  'scout address txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  'scout --chain base address 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --json',
  'scout search USDT',
];

const GLOBAL_HEADING = 'Global options (every command takes them):';

/** Commander wraps a description only where this many columns are left for it; scout's help wraps at 60 too. */
export const MIN_WIDTH_TO_WRAP = 16;

/**
 * Gives each of `program`'s commands the help group of its area and orders the root help as above.
 * `topics` are the help topics (`scout help <name>`, what it says); `footer` the last line.
 */
export function layOutRootHelp(
  program: Command,
  areas: readonly { heading: string; entries: readonly { name: string }[] }[],
  topics: readonly (readonly [name: string, summary: string])[],
  footer: string,
): void {
  for (const area of areas) {
    for (const e of area.entries) program.commands.find((c) => c.name() === e.name)?.helpGroup(`${area.heading}:`);
  }
  program.configureHelp({
    ...program.configureHelp(),
    formatHelp(cmd: Command, helper: Help): string {
      const termWidth = helper.padWidth(cmd, helper);
      // Commander's layout without the options (usage, description, the command groups), padded as
      // it pads them all, so the commands and the options below line up.
      const noOptions = Object.create(helper, { visibleOptions: { value: () => [] }, padWidth: { value: () => termWidth } }) as Help;
      const head = Help.prototype.formatHelp.call(helper, cmd, noOptions);
      const options = helper
        .visibleOptions(cmd)
        .map((o) => helper.formatItem(helper.styleOptionTerm(helper.optionTerm(o)), termWidth, helper.styleOptionDescription(helper.optionDescription(o)), helper));
      const width = helper.helpWidth ?? 80;
      const terms = topics.map(([name]) => `scout help ${name}`);
      const topicWidth = Math.max(...terms.map((t) => t.length));
      const topicLines = topics.map(([, summary], i) => helper.formatItem(terms[i]!, topicWidth, summary, helper));
      return [
        head.replace(/\n+$/, '\n'),
        examplesSection(ROOT_EXAMPLES, width),
        ...helper.formatItemList('Help topics:', topicLines, helper),
        ...helper.formatItemList(GLOBAL_HEADING, options, helper),
        wrapText(footer, width),
        '',
      ].join('\n');
    },
  });
}
