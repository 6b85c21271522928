import { useMemo } from 'react';
import type { HttpClient } from '../../../core/plugin-api';
import { useOperatorSession } from '../../console-core/shared/kit';
import { SPOT_CONSOLE_PATHS as PATHS, type ConsoleMarket, type MarketInput, type MarketUpdate } from '../../spot/shared/types';

/** The permission of the spot plugin's console routes (menu, page and server alike). */
export const SPOT_MARKETS_PERMISSION = 'spot.markets';

/** The spot plugin's console calls, made with the operator's client. Form calls are silent: the form shows the error. */
export function spotConsoleApi(http: HttpClient) {
  return {
    markets: () => http.get<ConsoleMarket[]>(PATHS.markets),
    addMarket: (input: MarketInput) => http.post<ConsoleMarket>(PATHS.addMarket, input, { silent: true }),
    updateMarket: (update: MarketUpdate) => http.post<ConsoleMarket>(PATHS.updateMarket, update, { silent: true }),
    haltMarket: (symbol: string, halted: boolean) => http.post<ConsoleMarket>(PATHS.haltMarket, { symbol, halted }),
  };
}

export type SpotConsoleApi = ReturnType<typeof spotConsoleApi>;

/** The spot console calls with the signed-in operator's token. */
export function useSpotConsoleApi(): SpotConsoleApi {
  const session = useOperatorSession();
  return useMemo(() => spotConsoleApi(session.http), [session]);
}
