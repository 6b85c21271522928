import { useCallback, useEffect, useState } from 'react';
import type { ConsoleMarket } from '../../spot/shared/types';
import type { SpotConsoleApi } from './console-api';

/** The configured markets, null while loading; `reload` after a change. */
export function useMarkets(api: SpotConsoleApi): { markets: ConsoleMarket[] | null; reload(): void } {
  const [markets, setMarkets] = useState<ConsoleMarket[] | null>(null);
  const reload = useCallback(() => {
    api.markets().then(setMarkets, () => setMarkets((previous) => previous ?? [])); // the client showed the message
  }, [api]);
  useEffect(reload, [reload]);
  return { markets, reload };
}
