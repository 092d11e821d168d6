/**
 * Event logs and state changes as text: a decoded event with named parameters, an undecoded log as
 * its topics and data, hostile names and values made safe; balances and signed changes exact, in
 * the coin's 18 decimals or the token's, NFT ids as the API sends them.
 */
import { describe, expect, it } from 'vitest';
import type { Log, StateChange } from '../../src/api/schemas.js';
import type { RenderContext } from '../../src/render/context.js';
import { csvHeader, csvRows } from '../../src/render/csv.js';
import { eventName, eventText, logText, rawLogText } from '../../src/render/logs.js';
import { changeAmount, stateChangeColumns } from '../../src/render/state-changes.js';
import { renderTsv } from '../../src/render/table.js';
import { views } from '../../src/render/views.js';
import { renderTable } from '../support/table.js';

const NOW = Date.UTC(2025, 7, 11, 10, 32, 59);
const ctx = (tty: boolean, width = 160): RenderContext => ({ tty, color: false, width, now: NOW, coin: 'ETH' });

const FROM = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const TO = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const word = (a: string) => '0x' + a.slice(2).toLowerCase().padStart(64, '0');

const decoded: Log = {
  transaction_hash: '0x' + 'ab'.repeat(32),
  block_number: 23000000,
  index: 7,
  address: { hash: TO, name: 'Tether USD' },
  topics: [TRANSFER_TOPIC, word(FROM), word(TO), null],
  data: '0x' + (123n).toString(16).padStart(64, '0'),
  decoded: {
    method_call: 'Transfer(address indexed from, address indexed to, uint256 value)',
    method_id: '0xddf252ad',
    parameters: [
      { name: 'from', type: 'address', indexed: true, value: FROM },
      { name: 'to', type: 'address', indexed: true, value: TO },
      { name: 'value', type: 'uint256', indexed: false, value: '115792089237316195423570985008687907853269984665640564039457584007913129639935' },
    ],
  },
};
const undecoded: Log = { ...decoded, decoded: null };

describe('eventText', () => {
  it('names each parameter and keeps every digit of a value', () => {
    expect(eventText(decoded)).toBe(
      `Transfer(from=${FROM}, to=${TO}, value=115792089237316195423570985008687907853269984665640564039457584007913129639935)`,
    );
    expect(eventName(decoded)).toBe('Transfer');
  });

  it('shortens addresses for a terminal when asked', () => {
    expect(eventText(decoded, { short: true })).toMatch(/^Transfer\(from=0xd8dA…6045, to=0xdAC1…1ec7, value=1157/);
  });

  it('is undefined for a log the explorer did not decode; logText falls back to topics and data', () => {
    expect(eventText(undecoded)).toBeUndefined();
    expect(logText(undecoded)).toBe(rawLogText(undecoded));
    expect(rawLogText(undecoded)).toBe(`topics=[${TRANSFER_TOPIC}, ${word(FROM)}, ${word(TO)}] data=${decoded.data}`);
  });

  it('tuples and arrays as JSON, unnamed parameters as their value alone', () => {
    const log: Log = {
      decoded: { method_call: 'Swap(tuple order, uint256)', parameters: [{ name: 'order', value: ['1', ['2', FROM]] }, { name: '', value: '5' }] },
    };
    expect(eventText(log)).toBe(`Swap(order=["1",["2","${FROM}"]], 5)`);
  });

  it('hostile names and values never carry an escape sequence', () => {
    const log: Log = {
      decoded: {
        method_call: 'Evil\u001b[2J(uint256 x)',
        parameters: [{ name: 'na\u001b]0;pwned\u0007me', value: 'v\u009b31m\u202eal' }],
      },
    };
    const s = eventText(log) ?? '';
    expect(s).toBe('Evil␛[2J(na␛]0;pwned␇me=v<U+009B>31m<U+202E>al)');
  });
});

const coinSend: StateChange = {
  address: { hash: FROM },
  type: 'coin',
  is_miner: false,
  token: null,
  balance_before: '832127467556437753',
  balance_after: '828282622733717191',
  change: '-3844844822720562',
};
const minerGain: StateChange = {
  address: { hash: TO },
  type: 'coin',
  is_miner: true,
  token: null,
  balance_before: '443787484997510408745',
  balance_after: '443787514723917012805',
  change: '29726406604060',
};
const usdt: StateChange = {
  address: { hash: FROM },
  type: 'token',
  is_miner: false,
  token: { address_hash: TO, symbol: 'USDT', decimals: '6', type: 'ERC-20' },
  balance_before: '9814903154',
  balance_after: '6814903154',
  change: '-3000000000',
};
const BIG_ID = '15077554365819457090226168288698582604878106156134383525616269766016907608065';
const nft721: StateChange = {
  address: { hash: TO },
  type: 'token',
  is_miner: false,
  token: { address_hash: FROM, symbol: 'nMOONBIRD', decimals: null, type: 'ERC-721' },
  balance_before: '0',
  balance_after: '1',
  change: [{ direction: 'to', total: { token_id: BIG_ID } }],
};
const mint721: StateChange = { ...nft721, address: { hash: '0x0000000000000000000000000000000000000000' }, balance_before: null, balance_after: null, change: [{ direction: 'from', total: { token_id: BIG_ID } }] };
const nft1155: StateChange = {
  address: { hash: FROM },
  type: 'token',
  is_miner: false,
  token: { address_hash: TO, symbol: null, decimals: null, type: 'ERC-1155' },
  balance_before: '3',
  balance_after: '1',
  change: '-2',
  token_id: '42',
};
const ALL = [coinSend, minerGain, usdt, nft721, mint721, nft1155];

describe('state changes', () => {
  it('piped: exact amounts, coin in 18 decimals, tokens in theirs, NFT ids with their direction', () => {
    const lines = renderTsv(ALL, stateChangeColumns, ctx(false)).split('\n');
    const fields = (i: number) => lines[i]!.split('\t');
    // address, is_miner, type, token, symbol, token_type, token_id, before raw, before, after raw, after, change raw, change
    expect(fields(0)).toEqual([FROM, 'false', 'coin', '', 'ETH', '', '', '832127467556437753', '0.832127467556437753', '828282622733717191', '0.828282622733717191', '-3844844822720562', '-0.003844844822720562']);
    expect(fields(1).slice(1, 2)).toEqual(['true']);
    expect(fields(1).slice(-2)).toEqual(['29726406604060', '0.00002972640660406']);
    expect(fields(2)).toEqual([FROM, 'false', 'token', TO, 'USDT', 'ERC-20', '', '9814903154', '9814.903154', '6814903154', '6814.903154', '-3000000000', '-3000']);
    expect(fields(3).slice(6)).toEqual([`in:${BIG_ID}`, '0', '0', '1', '1', '1', '1']);
    expect(fields(4).slice(6)).toEqual([`out:${BIG_ID}`, '', '', '', '', '-1', '-1']);
    expect(fields(5).slice(6)).toEqual(['42', '3', '3', '1', '1', '-2', '-2']);
  });

  it('terminal: signed changes with + and a minus sign, the miner marked', () => {
    const out = renderTable(ALL, stateChangeColumns, ctx(true, 200));
    expect(out).toContain('\u22120.003845 ETH');
    expect(out).toContain('+0.00003 ETH');
    expect(out).toContain('\u22123,000 USDT');
    expect(out).toContain('miner');
    expect(out).toContain('+#');
    expect(out).toContain('\u2212#');
    expect(out).not.toContain('-3,000');
  });

  it('CSV carries names and decimals beside the piped fields', () => {
    const out = csvHeader(stateChangeColumns) + csvRows([usdt], stateChangeColumns, ctx(false));
    expect(out.split('\r\n')[0]).toBe(
      'address,is_miner,type,token,symbol,token_type,token_id,balance_before_raw,balance_before,balance_after_raw,balance_after,change_raw,change,address_name,token_name,decimals',
    );
    expect(out.split('\r\n')[1]).toContain(',6');
  });

  it('an NFT change is the count received less the count sent', () => {
    expect(changeAmount({ change: [{ direction: 'to' }, { direction: 'to' }, { direction: 'from' }] })).toBe('1');
  });

  it('the views are registered under stable names', () => {
    expect(views.logs.columns).toBeDefined();
    expect(views.stateChanges.columns).toBe(stateChangeColumns);
  });
});
