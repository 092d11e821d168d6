/**
 * Runs a command from its spec. First every input is checked, before any request and in a fixed
 * order: the output and page flags, a refused output mode, the arguments, then the options as
 * declared (each from its flag, else its environment variable, else its default). Then a list or an
 * object is fetched and printed through the shared output path, or the command's runner gets the
 * typed input. Loaded when a command runs, never for --help; what only lists or objects need loads
 * with them.
 */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { pageOptions } from './page-options.js';
import type { Invocation, RunEnv } from './runtime.js';
import { type CommandSpec, type Given, longFlag } from './spec.js';
import { objectView, view } from './view-ref.js';

const PAGE_FLAGS = new Set(['all', 'limit', 'cursor']);

/** Names that look like credentials, as `--verbose` masks query parameters. */
const KEY_LIKE = /key|token|secret|auth/i;

/** A `-F key=value` field as a hint may show it: the value of a key-like field masked. */
function shownField(field: string): string {
  const i = field.indexOf('=');
  return i > 0 && KEY_LIKE.test(field.slice(0, i)) ? `${field.slice(0, i)}=***` : field;
}

/**
 * The command's own arguments and options again, for the next-page hint (page flags left out). A
 * repeated option is repeated as given (`-F a=1 -F b=2`), never merged into one value, and
 * credentials never show: a key-like option's value and a key-like field's value are masked.
 */
export function hintArgs(cmd: Command): string[] {
  const words = [...cmd.args];
  for (const o of cmd.options) {
    const name = o.attributeName();
    const v: unknown = cmd.getOptionValue(name);
    if (v === undefined || v === false || PAGE_FLAGS.has(name)) continue;
    const flag = o.short ?? o.long ?? `--${name}`;
    if (v === true) {
      words.push(flag);
      continue;
    }
    for (const value of Array.isArray(v) ? v.map(String) : [String(v)]) {
      words.push(flag, KEY_LIKE.test(name) ? '***' : name === 'field' ? shownField(value) : value);
    }
  }
  return words;
}

/** What commander holds for an option or argument, as the spec parsers take it. */
function given(v: unknown): Given {
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.map(String);
  return undefined;
}

/** The string commander holds for a valued option, if any. */
function givenText(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Checks the input of `spec` as commander parsed it on `cmd`, then runs it. */
export async function execute(spec: CommandSpec, env: RunEnv, cmd: Command): Promise<void> {
  const output = await pageOptions({
    json: cmd.getOptionValue('json') === true,
    ndjson: cmd.getOptionValue('ndjson') === true,
    csv: cmd.getOptionValue('csv') === true,
    all: cmd.getOptionValue('all') === true,
    limit: givenText(cmd.getOptionValue('limit')),
    cursor: givenText(cmd.getOptionValue('cursor')),
    jq: givenText(cmd.getOptionValue('jq')),
  });
  if (spec.kind === 'run' && output.mode === 'csv' && spec.refuse?.csv) throw new UsageError(spec.refuse.csv);

  const input: Record<string, unknown> = {};
  Object.entries(spec.args ?? {}).forEach(([key, a], i) => {
    const v = given(cmd.processedArgs[i]);
    input[key] = a.parse(typeof v === 'boolean' ? undefined : v);
  });
  for (const [key, o] of Object.entries(spec.options ?? {})) {
    let value = given(cmd.getOptionValue(key));
    let from = longFlag(key);
    const fromEnv = o.env === undefined ? undefined : env.io.env[o.env];
    if (value === undefined && o.env && fromEnv) [value, from] = [fromEnv, o.env];
    if (value === undefined && o.default !== undefined) [value, from] = [o.default, ''];
    input[key] = o.parse(value, from);
  }

  const path: string[] = [];
  for (let c: Command | null = cmd; c && c.parent; c = c.parent) path.unshift(c.name());
  let program = cmd;
  while (program.parent) program = program.parent;
  const inv: Invocation = { env, path, globals: cmd.optsWithGlobals(), output, hint: hintArgs(cmd), program };

  switch (spec.kind) {
    case 'list': {
      const req = spec.request(input);
      const { runList } = await import('./list-command.js');
      return runList(inv, req, view(spec.view));
    }
    case 'object': {
      const req = spec.request(input);
      const { runObject } = await import('./object-command.js');
      return runObject(inv, req, objectView(spec.view));
    }
    case 'run':
      return spec.run(inv, input);
  }
}
