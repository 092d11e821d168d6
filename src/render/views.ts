/** Which columns and schema show each kind of item. */
import type { ZodMiniType } from 'zod/mini';
import * as schemas from '../api/schemas.js';
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
  schema?: ZodMiniType<T> | undefined;
  /**
   * Terminal: rows that will come after the first page, known when it is printed (the first page of
   * every chain of `--chains`); the table's widths are decided from them too, so every row lines up.
   */
  layout?: (() => readonly T[]) | undefined;
}

export const views = {
  topAccounts: { columns: columns.topAccountColumns, schema: schemas.TopAddress },
  transactions: { columns: columns.transactionColumns, schema: schemas.Transaction },
  tokenBalances: { columns: columns.tokenBalanceColumns, schema: schemas.TokenBalance },
  nftCollections: { columns: columns.nftCollectionColumns, schema: schemas.NftCollection },
  tokenTransfers: { columns: columns.tokenTransferColumns, schema: schemas.TokenTransfer },
  txTransfers: { columns: columns.txTransferColumns, schema: schemas.TokenTransfer },
  internalTransactions: { columns: columns.internalTxColumns, schema: schemas.InternalTransaction },
  txInternalTransactions: { columns: columns.txInternalTxColumns, schema: schemas.InternalTransaction },
  blockInternalTransactions: { columns: columns.blockInternalTxColumns, schema: schemas.InternalTransaction },
  blobs: { columns: blobColumns, schema: schemas.Blob },
  deposits: { columns: depositColumns, schema: schemas.BeaconDeposit },
  blockDeposits: { columns: blockDepositColumns, schema: schemas.BeaconDeposit },
  txDeposits: { columns: txDepositColumns, schema: schemas.BeaconDeposit },
  withdrawals: { columns: columns.withdrawalColumns, schema: schemas.Withdrawal },
  search: { columns: columns.searchColumns, schema: schemas.SearchResult },
  blocks: { columns: columns.blockColumns, schema: schemas.Block },
  tokenHolders: { columns: tokenHolderColumns(), schema: schemas.TokenHolder },
  tokenInstances: { columns: tokenInstanceColumns, schema: schemas.TokenInstance },
  logs: { columns: logColumns, schema: schemas.Log },
  txLogs: { columns: txLogColumns, schema: schemas.Log },
  stateChanges: { columns: stateChangeColumns, schema: schemas.StateChange },
  activity: { columns: activityColumns, schema: schemas.ActivityItem },
  coinBalances: { columns: coinBalanceColumns, schema: schemas.CoinBalance },
  coinBalanceDays: { columns: coinBalanceDayColumns, schema: schemas.CoinBalanceDay },
  balances: { columns: balanceRowColumns },
  portfolio: { columns: portfolioColumns },
  chartTransactions: { columns: chartTransactionColumns, schema: schemas.ChartDay },
  chartMarket: { columns: chartMarketColumns, schema: schemas.ChartDay },
  tokens: { columns: tokenListColumns, schema: schemas.TokenDetail },
  contracts: { columns: contractListColumns, schema: schemas.SmartContractItem },
  hotContracts: { columns: hotContractColumns, schema: schemas.HotContract },
  chainDeposits: { columns: chainDepositColumns, schema: schemas.BeaconDeposit },
  userOps: { columns: userOpColumns, schema: schemas.UserOpInList },
  txUserOps: { columns: txUserOpColumns, schema: schemas.UserOpInList },
  aaBundlers: { columns: aaBundlerColumns, schema: schemas.AaBundler },
  aaPaymasters: { columns: aaPaymasterColumns, schema: schemas.AaPaymaster },
  aaFactories: { columns: aaFactoryColumns, schema: schemas.AaFactory },
  aaAccounts: { columns: aaAccountColumns, schema: schemas.AaAccount },
  aaBundles: { columns: aaBundleColumns, schema: schemas.AaBundle },
  generic: { columns: columns.genericColumns },
} satisfies Record<string, ListView<never> | ListView<unknown> | ListView<any>>;

/** Admin networks; the explorer API key column only with `showSecrets` (the `--show-secrets` flag). */
export function networkView(opts: columns.NetworkColumnOptions = {}): ListView<schemas.Network> {
  return { columns: columns.networkColumns(opts), schema: schemas.Network };
}
