import { useCallback, useEffect, useState } from 'react';
import type { ConsoleCurrency } from '../../wallet/shared/types';
import type { WalletConsoleApi } from './console-api';

/** The configured currencies with their networks; `reload` after a change. An operator without wallet.configure gets none. */
export function useCurrencies(api: WalletConsoleApi): { currencies: ConsoleCurrency[] | null; reload(): void } {
  const [currencies, setCurrencies] = useState<ConsoleCurrency[] | null>(null);
  const reload = useCallback(() => {
    api.currencies().then(setCurrencies, () => setCurrencies([]));
  }, [api]);
  useEffect(reload, [reload]);
  return { currencies, reload };
}

/** The scale of a currency for amount inputs (18, the widest, while unknown). */
export function scaleOf(currencies: ConsoleCurrency[] | null, currency: string): number {
  return currencies?.find((item) => item.currency === currency)?.scale ?? 18;
}
