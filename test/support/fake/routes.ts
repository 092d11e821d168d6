/**
 * The routes of the fake explorer beyond the ones ../server.ts knows itself: one resolver per area
 * (a module beside this one), asked in order before server.ts's own routes. Add an area's
 * resolver to this list.
 */
import { aaRoutes } from './aa.js';
import { activityRoutes } from './activity.js';
import { addressRoutes } from './address.js';
import { balanceRoutes } from './balance.js';
import { discoveryRoutes } from './discovery.js';
import { blockRoutes } from './blocks.js';
import { accountRoutes, configRoutes, dayRoutes } from './config.js';
import type { RouteResolver } from './kit.js';
import { summaryRoutes } from './summary.js';
import { tokenRoutes } from './tokens.js';
import { txdepthRoutes } from './txdepth.js';

export const AREA_ROUTES: readonly RouteResolver[] = [dayRoutes, aaRoutes, discoveryRoutes, activityRoutes, balanceRoutes, configRoutes, accountRoutes, addressRoutes, txdepthRoutes, summaryRoutes, blockRoutes, tokenRoutes];
