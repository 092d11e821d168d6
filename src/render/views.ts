/** Which columns and shape show each kind of item. */
import type { Network } from '../api/schemas.js';
import type { ShapeOf } from '../api/shape.js';
import * as shapes from '../api/shapes.js';
import * as columns from './columns.js';
import { tokenHolderColumns, tokenInstanceColumns } from './token.js';
import { logColumns, txLogColumns } from './logs.js';
import { stateChangeColumns } from './state-changes.js';
import { activityColumns } from './activity.js';
import { contractListColumns, depositColumns as chainDepositColumns, hotContractColumns, tokenListColumns } from './discovery.js';
import { balanceRowColumns, chartMarketColumns, chartTransactionColumns, coinBalanceColumns, coinBalanceDayColumns } from './balance.js';
import { portfolioColumns } from './portfolio.js';
import type { Column } from './table.js';
import { aaAccountColumns, aaBundleColumns, aaBundlerColumns, aaFactoryColumns, aaPaymasterColumns, txUserOpColumns, userOpColumns } from './userop.js';
import { blobColumns, blockDepositColumns, depositColumns, txDepositColumns } from './beacon.js';

/** How to show items of one kind as rows. */
export interface ListView<T> {
  columns: readonly Column<T>[] | ((sample: readonly unknown[]) => readonly Column<T>[]);
  /** What each item is checked against (api/shapes.ts): a mismatch is a warning, the item still shown. */
  shape?: ShapeOf<T> | undefined;
  /**
   * Terminal: rows that will come after the first page, known when it is printed (the first page of
   * every chain of `--chains`); the table's widths are decided from them too, so every row lines up.
   */
  layout?: (() => readonly T[]) | undefined;
}

export const views = {
  topAccounts: { columns: columns.topAccountColumns, shape: shapes.TopAddress },
  transactions: { columns: columns.transactionColumns, shape: shapes.Transaction },
  tokenBalances: { columns: columns.tokenBalanceColumns, shape: shapes.TokenBalance },
  nftCollections: { columns: columns.nftCollectionColumns, shape: shapes.NftCollection },
  tokenTransfers: { columns: columns.tokenTransferColumns, shape: shapes.TokenTransfer },
  txTransfers: { columns: columns.txTransferColumns, shape: shapes.TokenTransfer },
  internalTransactions: { columns: columns.internalTxColumns, shape: shapes.InternalTransaction },
  txInternalTransactions: { columns: columns.txInternalTxColumns, shape: shapes.InternalTransaction },
  blockInternalTransactions: { columns: columns.blockInternalTxColumns, shape: shapes.InternalTransaction },
  blobs: { columns: blobColumns, shape: shapes.Blob },
  deposits: { columns: depositColumns, shape: shapes.BeaconDeposit },
  blockDeposits: { columns: blockDepositColumns, shape: shapes.BeaconDeposit },
  txDeposits: { columns: txDepositColumns, shape: shapes.BeaconDeposit },
  withdrawals: { columns: columns.withdrawalColumns, shape: shapes.Withdrawal },
  search: { columns: columns.searchColumns, shape: shapes.SearchResult },
  blocks: { columns: columns.blockColumns, shape: shapes.Block },
  tokenHolders: { columns: tokenHolderColumns(), shape: shapes.TokenHolder },
  tokenInstances: { columns: tokenInstanceColumns, shape: shapes.TokenInstance },
  logs: { columns: logColumns, shape: shapes.Log },
  txLogs: { columns: txLogColumns, shape: shapes.Log },
  stateChanges: { columns: stateChangeColumns, shape: shapes.StateChange },
  activity: { columns: activityColumns, shape: shapes.ActivityItem },
  coinBalances: { columns: coinBalanceColumns, shape: shapes.CoinBalance },
  coinBalanceDays: { columns: coinBalanceDayColumns, shape: shapes.CoinBalanceDay },
  balances: { columns: balanceRowColumns },
  portfolio: { columns: portfolioColumns },
  chartTransactions: { columns: chartTransactionColumns, shape: shapes.ChartDay },
  chartMarket: { columns: chartMarketColumns, shape: shapes.ChartDay },
  tokens: { columns: tokenListColumns, shape: shapes.TokenDetail },
  contracts: { columns: contractListColumns, shape: shapes.SmartContractItem },
  hotContracts: { columns: hotContractColumns, shape: shapes.HotContract },
  chainDeposits: { columns: chainDepositColumns, shape: shapes.BeaconDeposit },
  userOps: { columns: userOpColumns, shape: shapes.UserOpInList },
  txUserOps: { columns: txUserOpColumns, shape: shapes.UserOpInList },
  aaBundlers: { columns: aaBundlerColumns, shape: shapes.AaBundler },
  aaPaymasters: { columns: aaPaymasterColumns, shape: shapes.AaPaymaster },
  aaFactories: { columns: aaFactoryColumns, shape: shapes.AaFactory },
  aaAccounts: { columns: aaAccountColumns, shape: shapes.AaAccount },
  aaBundles: { columns: aaBundleColumns, shape: shapes.AaBundle },
  generic: { columns: columns.genericColumns },
} satisfies Record<string, ListView<never> | ListView<unknown> | ListView<any>>;

/** Admin networks; the explorer API key column only with `showSecrets` (the `--show-secrets` flag). */
export function networkView(opts: columns.NetworkColumnOptions = {}): ListView<Network> {
  return { columns: columns.networkColumns(opts), shape: shapes.Network };
}
