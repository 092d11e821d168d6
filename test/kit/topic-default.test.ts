/**
 * A topic's default verb (spec.ts `TopicSpec.default`): `scout <topic> <argument>` runs it, while
 * a topic with no word still prints its help and a plain word that is no verb stays an unknown
 * command. Built on a topic of its own so it holds whatever the real topics declare.
 */
import { Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { nearWord, registerCommands } from '../../src/kit/registrar.js';
import { arg, command, topic } from '../../src/kit/spec.js';
import { memoryIo } from '../../src/base/io.js';
import { parseAddress } from '../../src/base/validate.js';

const A = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

async function runTopic(argv: string[], withDefault = true) {
  const seen: string[] = [];
  const verb = (name: string) =>
    command({
      name,
      description: `${name} of a thing`,
      args: { thing: arg('<thing>', 'the thing', parseAddress) },
      examples: [`scout thing ${name} ${A}`],
      output: 'none',
      run: async (_inv, input) => void seen.push(`${name} ${input.thing}`),
    });
  const show = verb('show');
  const t = topic({ name: 'thing', description: 'things', examples: [`scout thing ${A}`], commands: [show, verb('list')], default: withDefault ? show : undefined });
  const io = memoryIo();
  const program = new Command('scout').showSuggestionAfterError(true).helpCommand(false);
  registerCommands(program, { io, version: '0' }, [t], async (spec, env, cmd) => (await import('../../src/run/execute.js')).execute(spec, env, cmd));
  const configure = (c: Command) => {
    c.exitOverride();
    c.configureOutput({ writeOut: (s) => void io.out.write(s), writeErr: (s) => void io.err.write(s), outputError: () => undefined });
    c.commands.forEach(configure);
  };
  configure(program);
  let error: CommanderError | undefined;
  try {
    await program.parseAsync(['node', 'scout', ...argv]);
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    error = e;
  }
  return { seen, error, out: io.stdout(), err: io.stderr() };
}

describe('a topic with a default verb', () => {
  it('runs the default verb for an argument that is not a verb', async () => {
    expect((await runTopic(['thing', A])).seen).toEqual([`show ${A}`]);
  });

  it('still runs the verbs by name, the default one included', async () => {
    expect((await runTopic(['thing', 'list', A])).seen).toEqual([`list ${A}`]);
    expect((await runTopic(['thing', 'show', A])).seen).toEqual([`show ${A}`]);
  });

  it('prints the topic help when no word follows, as a topic without a default does', async () => {
    const r = await runTopic(['thing']);
    expect(r.seen).toEqual([]);
    expect(r.error?.code).toBe('commander.help');
    expect(r.err).toContain('Usage: scout thing');
    const plain = await runTopic(['thing'], false);
    expect(r.error?.code).toBe(plain.error?.code);
  });

  it('calls a plain word its argument refuses an unknown command, with the nearest verb', async () => {
    const r = await runTopic(['thing', 'lst', A]);
    expect(r.seen).toEqual([]);
    expect(r.error?.code).toBe('commander.unknownCommand');
    expect(r.error?.message).toMatch(/unknown command 'lst'[\s\S]*Did you mean list\?/);
  });

  it('a lone plain word close to a verb is an unknown command too (a slip of the verb)', async () => {
    const r = await runTopic(['thing', 'lsit']);
    expect(r.error?.code).toBe('commander.unknownCommand');
    expect(r.error?.message).toMatch(/Did you mean list\?/);
  });

  it('a lone plain word like no verb was meant as the argument: the verb says what one looks like', async () => {
    await expect(runTopic(['thing', 'vitalik'])).rejects.toThrow(/invalid address "vitalik"/);
    // With words after it, it was meant as a verb.
    const r = await runTopic(['thing', 'vitalik', A]);
    expect(r.error?.code).toBe('commander.unknownCommand');
  });

  it('nearWord follows commander\'s rule for a suggestion', () => {
    expect(nearWord('lst', 'list')).toBe(true);
    expect(nearWord('txx', 'txs')).toBe(true);
    expect(nearWord('tsx', 'txs')).toBe(true);
    expect(nearWord('vitalik', 'logs')).toBe(false);
    expect(nearWord('balance', 'tokens')).toBe(false);
    expect(nearWord('ab', 'txs')).toBe(false);
  });

  it('leaves a malformed argument to the verb, which says what is wrong with it', async () => {
    await expect(runTopic(['thing', '0x12'])).rejects.toThrow(/invalid address "0x12"/);
  });

  it('says in the topic help what the short form means', async () => {
    const r = await runTopic(['thing', '--help']);
    expect(r.out).toContain('`scout thing <thing>` is short for `scout thing show <thing>`.');
    expect(r.seen).toEqual([]);
  });
});
