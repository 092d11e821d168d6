/**
 * Bodies of `/api/v2/transactions/{h}/summary`, written by hand from Blockscout's OpenAPI document
 * (`Summary`: `{data:{summaries:[{summary_template, summary_template_variables:{name:{type,value}}}]},
 * success}`) and from what the explorer's controller sends when it has no summary: 403 when the
 * interpretation service is disabled, the service's status (else 500) with `{"error": …}` when it
 * failed, 200 `null` for a transaction that did not succeed. Variable values: an address object for
 * `address`, a token object for `token`, a decimal amount in the token's units for `currency`, Unix
 * seconds for `timestamp`, `{name, url, …}` for `dexTag`, `{name, link}` for `external_link`.
 */
import { ADDR, addressObject, EVIL, RawJson, TX, type Json, type JsonObject } from '../data.js';
import { json, NOT_FOUND, UNKNOWN_ACTION, type Reply } from './kit.js';

/** A token object as the explorer embeds it (the fields of `/api/v2/tokens/{h}`). */
function token(address: string, name: string, symbol: string, decimals: string, rate: string | null): JsonObject {
  return {
    address_hash: address,
    circulating_market_cap: null,
    decimals,
    exchange_rate: rate,
    holders_count: '1152',
    icon_url: null,
    name,
    reputation: 'ok',
    symbol,
    total_supply: '1000000000000000000000000',
    type: 'ERC-20',
    volume_24h: null,
  };
}

const v = (type: string, value: Json): JsonObject => ({ type, value });

/** TX.ok: three summaries that between them use every variable type, one variable left unsent. */
export const OK_SUMMARY: JsonObject = {
  data: {
    summaries: [
      {
        summary_template: '{action_type} {amount} {native} to {to_address} on {timestamp}',
        summary_template_variables: {
          action_type: v('string', 'Transfer'),
          amount: v('currency', '0.5'),
          to_address: v('address', addressObject(ADDR.counterparty)),
          timestamp: v('timestamp', '1754904779'),
        },
      },
      {
        summary_template: '{action_type} {outgoing_amount} {outgoing_token} for {incoming_amount} {incoming_token} on {dex} with {method}',
        summary_template_variables: {
          action_type: v('string', 'Swap'),
          outgoing_amount: v('currency', '1234567.123456789012345678'),
          outgoing_token: v('token', token(ADDR.weth, 'Wrapped Ether', 'WETH', '18', '3200.1')),
          incoming_amount: v('currency', '3000.000001'),
          incoming_token: v('token', token(ADDR.usdc, 'USD Coin', 'USDC', '6', '1.0')),
          dex: v('dexTag', { app_icon: null, app_id: 'scout-swap', icon: 'https://example.invalid/icon.png', name: 'Scout Swap', url: 'https://swap.example.invalid' }),
          method: v('method', 'execute'),
        },
      },
      {
        summary_template: '{domain} set by {owner} ({docs}; {extra}; {unsent})',
        summary_template_variables: {
          domain: v('domain', 'alice-scout.eth'),
          owner: v('address', addressObject(ADDR.contract)),
          docs: v('external_link', { link: 'https://docs.example.invalid/names', name: 'Name docs' }),
          extra: v('fancyNewType', { level: 3 }),
        },
      },
    ],
  },
  success: true,
};

/** TX.quirky: hostile text in the template and in every value, and an amount sent as a bare JSON number. */
export const HOSTILE_SUMMARY: JsonObject = {
  data: {
    summaries: [
      {
        summary_template: `\u001b[2J{action_type}\u202e {amount} {token} to {to_address}\u0007 {note}\n{hidden}`,
        summary_template_variables: {
          action_type: v('string', `Claim\u001b]8;;https://evil.example\u0007`),
          // More digits than a double holds: shown as sent.
          amount: v('currency', new RawJson('12345678901234567890.123456789')),
          token: v('token', token(ADDR.evilToken, EVIL.name, EVIL.symbol, '18', null)),
          to_address: v('address', { ...addressObject(ADDR.scam), name: `Fake\u001b[31m_Phishing` }),
          note: v('string', '{amount} is not read twice'),
          hidden: v('dexTag', { name: `Dex\u200b\u202eX`, url: `https://x\u0007` }),
        },
      },
    ],
  },
  success: true,
};

/** The summary reply for each transaction of the dataset; unknown transactions 404 as the real controller does. */
export function summaryReply(hash: string, known: boolean): Reply {
  switch (hash.toLowerCase()) {
    case TX.ok:
      return json(200, OK_SUMMARY);
    case TX.quirky:
      return json(200, HOSTILE_SUMMARY);
    case TX.failed:
    case TX.pending:
      // The controller interprets successful transactions only; for any other it sends `null`.
      return { status: 200, body: 'null' };
    case TX.overflow:
      return { status: 403, body: '{"message":"Transaction Interpretation Service is disabled"}' };
    case TX.creation:
      return { status: 500, body: '{"error":"Error while sending request to Transaction Interpretation Service"}' };
    case TX.parityTrace:
      return { status: 200, body: '{"success":false}' };
    case TX.gethTrace:
      return json(200, { data: { summaries: [] }, success: true });
    case TX.traceError:
      // An explorer from before the summary endpoint: the router knows no such action.
      return UNKNOWN_ACTION;
    default:
      return known ? json(200, { data: { summaries: [] }, success: true }) : NOT_FOUND;
  }
}
