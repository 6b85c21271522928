import type { ServerRegistrar } from '../../../core/plugin-api';
import { noQuerySchema, watchlistParamsSchema } from '../shared/schemas';
import { WATCHLIST_PATHS, type ContractTypeCode, type WatchlistItem } from '../shared/types';
import { addToWatchlist, pairSymbol, removeFromWatchlist, watchlistOf } from './watchlist';

interface WatchlistParams {
  a: string;
  b: ContractTypeCode;
}

// Clients of the spec call add and cancel with GET; the web uses POST. Both change only the caller's list.
const CHANGE_METHODS = ['GET', 'POST'] as const;

/** The member's watchlist: list, add and cancel; each answers the member's list. */
export function registerWatchlistRoutes(registrar: ServerRegistrar): void {
  const { context } = registrar;
  registrar.route<Record<string, never>, unknown, unknown, WatchlistItem[]>({
    method: 'GET',
    path: WATCHLIST_PATHS.list,
    auth: 'user',
    schema: { querystring: noQuerySchema },
    handler: (request) => watchlistOf(context.db, request.principal!.id),
  });

  const changes = [
    { path: WATCHLIST_PATHS.add, change: (memberId: string, { a, b }: WatchlistParams) => addToWatchlist(context.db, memberId, pairSymbol(a), b, context.now()) },
    { path: WATCHLIST_PATHS.cancel, change: (memberId: string, { a, b }: WatchlistParams) => removeFromWatchlist(context.db, memberId, pairSymbol(a), b) },
  ];
  for (const { path, change } of changes) {
    for (const method of CHANGE_METHODS) {
      registrar.route<Record<string, never>, unknown, WatchlistParams, WatchlistItem[]>({
        method,
        path,
        auth: 'user',
        schema: { params: watchlistParamsSchema, querystring: noQuerySchema },
        handler: async (request) => {
          await change(request.principal!.id, request.params);
          return watchlistOf(context.db, request.principal!.id);
        },
      });
    }
  }
}
