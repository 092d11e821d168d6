/**
 * `contract show`: what the explorer knows of a contract's code, as a key/value block. Verified or
 * not (and how), name, language, compiler, optimisation, EVM version, licence, proxy and its
 * implementations, and the verified twin whose source stands in when the contract itself is not
 * verified. Names and paths come from whoever verified the contract: renderKeyValue makes them safe.
 */
import type { SmartContract } from '../api/schemas.js';
import type { RenderContext } from './context.js';
import { objects } from './fields.js';
import { humanTime, isoTime } from './format.js';
import { text } from '../base/text/safe.js';
import { type KeyValueRow, type Line, renderKeyValue } from './key-value.js';
import { groupDigits } from './units.js';

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The language: `language` on newer servers, `is_vyper_contract` on older ones. */
export function contractLanguage(c: SmartContract): string {
  if (present(c.language)) return text(c.language);
  if (c.is_vyper_contract === true) return 'vyper';
  return '';
}

/** A proxy's implementations as `[address, name]`, whichever spelling the server used for the address. */
export function implementationsOf(c: SmartContract): { address: string; name: string }[] {
  return objects(c.implementations).map((i) => ({ address: text(i.address_hash ?? i.address), name: text(i.name) }));
}

/** Whether the explorer holds source for the contract: its own, or its verified twin's. */
export function hasSource(c: SmartContract): boolean {
  return typeof c.source_code === 'string' && c.source_code !== '';
}

/** How many source files: the main one and the additional ones. */
function fileCount(c: SmartContract): number {
  return (hasSource(c) ? 1 : 0) + objects(c.additional_sources).length;
}

/** "verified (full match) · Sourcify · 2024-05-01 12:00:00 UTC", or why not. */
function verification(c: SmartContract): Line {
  const twin = text(c.verified_twin_address_hash);
  if (c.is_verified !== true) {
    if (twin) return [{ text: 'no', style: 'warn' }, ` · its code matches the verified contract ${twin}, whose source is shown`];
    return { text: 'no', style: 'warn' };
  }
  const how = [
    c.is_fully_verified === true ? 'full match' : c.is_partially_verified === true ? 'partial match' : '',
    c.is_verified_via_sourcify === true ? 'via Sourcify' : '',
    c.is_verified_via_eth_bytecode_db === true ? 'via the bytecode database' : '',
    c.is_verified_via_verifier_alliance === true ? 'via Verifier Alliance' : '',
    c.certified === true ? 'certified' : '',
  ].filter(Boolean);
  const when = present(c.verified_at) ? humanTime(c.verified_at) : '';
  return [{ text: 'yes', style: 'ok' }, ...[how.join(', '), when].filter(Boolean).map((s) => ` · ${s}`)];
}

/** "on, 200 runs", "off", or the runs alone when the server did not say. */
function optimisation(c: SmartContract): string {
  const runs = present(c.optimization_runs) ? `${groupDigits(text(c.optimization_runs))} runs` : '';
  if (c.optimization_enabled === true) return runs ? `on, ${runs}` : 'on';
  if (c.optimization_enabled === false) return 'off';
  return runs;
}

/** The contract at `address` as the explorer describes it. */
export function renderContract(c: SmartContract, address: string, ctx: RenderContext): string {
  const impls = implementationsOf(c);
  const abi = Array.isArray(c.abi) ? c.abi.length : undefined;
  const files = fileCount(c);
  if (ctx.tty) {
    const source = hasSource(c) ? `${text(c.file_path) || '(no file name)'}${files > 1 ? ` and ${files - 1} more file${files > 2 ? 's' : ''}` : ''}` : '';
    const rows: KeyValueRow[] = [
      { label: 'Contract', value: [text(c.name), address].filter(Boolean).join('  ') },
      { label: 'Verified', value: verification(c) },
      { label: 'Language', value: contractLanguage(c) },
      { label: 'Compiler', value: text(c.compiler_version) },
      { label: 'Optimisation', value: optimisation(c) },
      { label: 'EVM version', value: text(c.evm_version) },
      { label: 'License', value: text(c.license_type) },
      { label: 'Proxy', value: text(c.proxy_type) },
      { label: 'Implementation', lines: impls.map((i) => [i.name, i.address].filter(Boolean).join('  ')) },
      { label: 'Source', value: source },
      { label: 'ABI', value: abi === undefined ? '' : `${abi} entr${abi === 1 ? 'y' : 'ies'}` },
      { label: 'Libraries', lines: objects(c.external_libraries).map((l) => [text(l.name), text(l.address_hash)].filter(Boolean).join('  ')) },
      { label: 'Self-destructed', value: c.is_self_destructed === true ? { text: 'yes', style: 'warn' } : '' },
      { label: 'Sourcify', value: text(c.sourcify_repo_url) },
    ];
    return renderKeyValue(rows, ctx);
  }
  const flag = (v: unknown) => (v === true ? 'true' : v === false ? 'false' : '');
  const row = (label: string, ...fields: unknown[]): KeyValueRow => ({ label, data: [fields.map((f) => (typeof f === 'boolean' ? flag(f) : text(f)))] });
  return renderKeyValue(
    [
      row('Address', address),
      row('Verified', c.is_verified === true),
      row('Fully verified', c.is_fully_verified),
      row('Partially verified', c.is_partially_verified),
      row('Verified via Sourcify', c.is_verified_via_sourcify),
      row('Verified via bytecode database', c.is_verified_via_eth_bytecode_db),
      row('Verified via Verifier Alliance', c.is_verified_via_verifier_alliance),
      row('Verified twin', c.verified_twin_address_hash),
      row('Verified at', present(c.verified_at) ? isoTime(c.verified_at) : ''),
      row('Name', c.name),
      row('Language', contractLanguage(c)),
      row('Compiler', c.compiler_version),
      row('Optimization', c.optimization_enabled),
      row('Optimization runs', c.optimization_runs),
      row('EVM version', c.evm_version),
      row('License', c.license_type),
      row('Proxy type', c.proxy_type),
      { label: 'Implementation', data: impls.map((i) => [i.address, i.name]) },
      row('File path', c.file_path),
      row('Source files', hasSource(c) || files > 0 ? String(files) : ''),
      row('ABI entries', abi === undefined ? '' : String(abi)),
      { label: 'Library', data: objects(c.external_libraries).map((l) => [text(l.address_hash), text(l.name)]) },
      row('Self-destructed', c.is_self_destructed),
      row('Certified', c.certified),
      row('Sourcify', c.sourcify_repo_url),
    ],
    ctx,
  );
}
