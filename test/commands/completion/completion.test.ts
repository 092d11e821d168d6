/**
 * Shell completion: the scripts in completions/ are what `scout completion <shell>` prints (they are
 * generated from the command tree, never edited by hand), and they complete: bash by sourcing the
 * script and calling its function the way bash does on TAB; zsh and fish when those shells exist.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../support/cli.js';
import { runScout } from '../../support/scout.js';

const FILES = { bash: 'scout.bash', zsh: '_scout', fish: 'scout.fish' } as const;
const committed = (shell: keyof typeof FILES) => join(ROOT, 'completions', FILES[shell]);
const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

describe('completions/ matches the generator', () => {
  it.each(Object.keys(FILES) as (keyof typeof FILES)[])('%s', async (shell) => {
    const r = await runScout(['completion', shell]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout, `completions/${FILES[shell]} differs from the generator: run \`npm run completions\``).toBe(readFileSync(committed(shell), 'utf8'));
  });

  it('an unknown shell is a usage error', async () => {
    const r = await runScout(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: command-argument value 'powershell' is invalid for argument 'shell'\. Allowed choices are bash, zsh, fish\./);
  });
});

/** What bash would offer for the command line `words` (the last word is the one being completed). */
function bashComplete(words: string[]): string[] {
  const script = `
    source ${JSON.stringify(committed('bash'))}
    COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})
    COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
    COMP_LINE="\${COMP_WORDS[*]}"
    COMP_POINT=\${#COMP_LINE}
    _scout scout "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
    printf '%s\\n' "\${COMPREPLY[@]}"
  `;
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout.split('\n').filter(Boolean);
}

describe.runIf(has('bash'))('bash completion', () => {
  it('scout addr<TAB> completes the topic', () => {
    expect(bashComplete(['scout', 'addr'])).toEqual(['address']);
  });

  it('scout address <TAB> offers its verbs', () => {
    expect(bashComplete(['scout', 'address', ''])).toEqual(['show', 'activity', 'balance', 'balance-history', 'tokens', 'nfts', 'transfers', 'txs', 'internal-txs', 'logs', 'withdrawals', 'deposits', 'blocks-validated', 'userops']);
  });

  it('--fil<TAB> completes the option of that verb', () => {
    expect(bashComplete(['scout', 'address', 'txs', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '--fil'])).toEqual(['--filter']);
    // tokens has no --filter
    expect(bashComplete(['scout', 'address', 'tokens', '--fil'])).toEqual([]);
  });

  it('--filter <TAB> offers to and from', () => {
    expect(bashComplete(['scout', 'address', 'txs', '--filter', ''])).toEqual(['to', 'from']);
    expect(bashComplete(['scout', 'address', 'internal-txs', '--filter', '=', 'f'])).toEqual(['from']);
  });

  it('--type <TAB> offers the token types the verb takes, also after a comma', () => {
    expect(bashComplete(['scout', 'address', 'tokens', '--type', ''])).toEqual(['ERC-20', 'ERC-721', 'ERC-1155', 'ERC-404']);
    expect(bashComplete(['scout', 'address', 'nfts', '--type', ''])).toEqual(['ERC-721', 'ERC-404', 'ERC-1155']);
    expect(bashComplete(['scout', 'address', 'transfers', '--type', 'ERC-20,ERC-7'])).toEqual(['ERC-20,ERC-721']);
  });

  it('global options anywhere; --chain offers the built-in chains; a value is not taken for a verb', () => {
    expect(bashComplete(['scout', '--chain', 'ba'])).toEqual(['base', 'base-sepolia']);
    expect(bashComplete(['scout', '--chain', 'base', 'tx', ''])).toEqual(['show', 'summary', 'explain', 'transfers', 'logs', 'internal-txs', 'state-changes', 'trace', 'userops', 'blobs', 'deposits']);
    expect(bashComplete(['scout', '--timeout', 'tx', ''])).toEqual(['address', 'tx', 'block', 'token', 'contract', 'portfolio', 'export', 'blocks', 'txs', 'transfers', 'internal-txs', 'withdrawals', 'deposits', 'tokens', 'contracts', 'hot', 'accounts', 'userop', 'aa', 'decode', 'search', 'open', 'stats', 'gas', 'explorer', 'chains', 'admin', 'api', 'rpc', 'config', 'cache', 'completion', 'help']);
    expect(bashComplete(['scout', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
  });

  it('scout rpc <TAB> offers the JSON-RPC methods it sends', () => {
    expect(bashComplete(['scout', 'rpc', 'eth_getB'])).toEqual(['eth_getBalance', 'eth_getBlockByNumber', 'eth_getBlockByHash']);
  });
});

describe.runIf(has('fish'))('fish completion (fish is installed here)', () => {
  it('completes topics, verbs, options and their values', () => {
    const lines = ['scout addr', 'scout address ', 'scout address txs --fil', 'scout address txs --filter ', 'scout address nfts --type '];
    const script = [`source ${JSON.stringify(committed('fish'))}`, ...lines.map((l) => `complete -C${JSON.stringify(l)} | string replace -r '\\t.*' '' | string join ' '`)].join('\n');
    const r = spawnSync('fish', ['--no-config', '-c', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    // fish sorts what it offers in its own way: compare the sets.
    const offered = r.stdout.split('\n').slice(0, lines.length).map((l) => l.split(' ').sort());
    expect(offered).toEqual([
      ['address'],
      ['internal-txs', 'nfts', 'tokens', 'transfers', 'txs', 'withdrawals'],
      ['--filter'],
      ['from', 'to'],
      ['ERC-1155', 'ERC-404', 'ERC-721'],
    ]);
  });
});

describe.runIf(has('zsh'))('zsh completion (zsh is installed here)', () => {
  it('parses, and its walk finds the command path and the option values', () => {
    // compsys builtins are stubbed to print what they would offer; the script's own logic runs as is.
    const script = `
      compdef() { :; }
      source ${JSON.stringify(committed('zsh'))}
      _describe() { local n=\${@[-1]}; local -a a; a=("\${(@P)n}"); print -rn -- "\${(j: :)\${(@)a%%:*}}|"; }
      compadd() { [[ $1 == -- ]] && shift; print -rn -- "$*|"; }
      compset() { :; }
      t() { words=("$@"); CURRENT=\${#words}; _scout; print; }
      t scout address ''
      t scout address txs --filter ''
      t scout --chain base address tokens --type ''
      t scout completion ''
    `;
    const r = spawnSync('zsh', ['-f', '-c', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').slice(0, 4)).toEqual([
      'tokens nfts transfers txs internal-txs withdrawals|',
      'to from|',
      'ERC-20 ERC-721 ERC-1155 ERC-404|',
      'bash zsh fish|',
    ]);
  });
});
