/**
 * The built-in chains: well-known public Blockscout instances, written by hand (not copied from the
 * registry) and kept small. `--chain` looks here first, then in the cache that `scout chains --refresh`
 * writes. Pure data with no imports, so the completion generator can read the names cheaply.
 */

/** One chain `--chain` can pick. */
export interface Chain {
  /** The EIP-155 chain id as a decimal string, or null when the registry entry does not say. */
  id: string | null;
  /** Display name. */
  name: string;
  /** Short names accepted by `--chain`, lower-case; the first is the canonical one. */
  names: string[];
  /** The explorer's base URL, no trailing slash. */
  explorer: string;
  /** Every explorer the registry lists for the chain, when it lists more than one (`explorer` among them). */
  explorers?: string[] | undefined;
  /** Native coin symbol, for labelling values; null when unknown. */
  coin: string | null;
  testnet: boolean;
  /** The registry says Blockscout hosts the explorer used (`hostedBy: "blockscout"`); `--chains all` takes these. */
  blockscout?: boolean | undefined;
  /** Where the entry came from. */
  source: 'built-in' | 'registry';
}

const chain = (id: string, name: string, names: string[], explorer: string, coin: string, testnet = false): Chain => ({
  id,
  name,
  names,
  explorer,
  coin,
  testnet,
  source: 'built-in',
});

export const BUILTIN_CHAINS: readonly Chain[] = [
  chain('1', 'Ethereum', ['ethereum', 'eth', 'mainnet'], 'https://eth.blockscout.com', 'ETH'),
  chain('11155111', 'Sepolia', ['sepolia', 'eth-sepolia'], 'https://eth-sepolia.blockscout.com', 'ETH', true),
  chain('560048', 'Hoodi', ['hoodi', 'eth-hoodi'], 'https://eth-hoodi.blockscout.com', 'ETH', true),
  chain('8453', 'Base', ['base'], 'https://base.blockscout.com', 'ETH'),
  chain('84532', 'Base Sepolia', ['base-sepolia'], 'https://base-sepolia.blockscout.com', 'ETH', true),
  chain('10', 'OP Mainnet', ['optimism', 'op', 'op-mainnet'], 'https://optimism.blockscout.com', 'ETH'),
  chain('11155420', 'OP Sepolia', ['optimism-sepolia', 'op-sepolia'], 'https://optimism-sepolia.blockscout.com', 'ETH', true),
  chain('42161', 'Arbitrum One', ['arbitrum', 'arb', 'arbitrum-one'], 'https://arbitrum.blockscout.com', 'ETH'),
  chain('421614', 'Arbitrum Sepolia', ['arbitrum-sepolia', 'arb-sepolia'], 'https://arbitrum-sepolia.blockscout.com', 'ETH', true),
  chain('100', 'Gnosis', ['gnosis', 'xdai'], 'https://gnosis.blockscout.com', 'XDAI'),
  chain('10200', 'Gnosis Chiado', ['chiado', 'gnosis-chiado'], 'https://gnosis-chiado.blockscout.com', 'XDAI', true),
  chain('137', 'Polygon PoS', ['polygon', 'matic', 'pol'], 'https://polygon.blockscout.com', 'POL'),
  chain('324', 'zkSync Era', ['zksync', 'zksync-era', 'era'], 'https://zksync.blockscout.com', 'ETH'),
  chain('534352', 'Scroll', ['scroll'], 'https://scroll.blockscout.com', 'ETH'),
  chain('42220', 'Celo', ['celo'], 'https://celo.blockscout.com', 'CELO'),
];
