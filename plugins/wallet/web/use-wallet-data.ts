import { reaction } from 'mobx';
import { useEffect, useRef, useState, type DependencyList } from 'react';
import { useRoot } from '../../../core/web';
import { CENTER_ROUTES, WALLET_ROUTES, WALLET_STORE, type FundsPage } from './ids';
import type { WalletStore } from './wallet-store';

export function useWalletStore(): WalletStore {
  return useRoot().store<WalletStore>(WALLET_STORE);
}

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
  /** The last load failed (the HTTP client showed why); `data` still holds the previous answer. */
  failed: boolean;
  reload(): void;
}

/**
 * Loads what a page shows on mount, when `deps` change and — unless `live` is false — whenever the wallet
 * changed (a realtime message). The previous answer stays on screen while a reload runs; an older request never
 * overwrites a newer one.
 */
export function useWalletData<T>(load: () => Promise<T>, deps: DependencyList, { live = true }: { live?: boolean } = {}): Loaded<T> {
  const store = useWalletStore();
  const [version, setVersion] = useState(store.version);
  useEffect(() => (live ? reaction(() => store.version, setVersion) : undefined), [store, live]);
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; failed: boolean }>({ data: undefined, loading: true, failed: false });
  const latest = useRef(0);
  useEffect(() => {
    const ticket = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => {
        if (ticket === latest.current) setState({ data, loading: false, failed: false });
      },
      () => {
        if (ticket === latest.current) setState((previous) => ({ ...previous, loading: false, failed: true }));
      },
    );
    // `load` is a new closure each render; `deps` names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, version, nonce]);
  return { ...state, reload: () => setNonce((value) => value + 1) };
}

const WALLET_FUNDS_ROUTES: Record<FundsPage, string> = {
  deposit: WALLET_ROUTES.deposit,
  withdrawal: WALLET_ROUTES.withdrawal,
  historyDeposit: WALLET_ROUTES.historyDeposit,
  historyWithdrawal: WALLET_ROUTES.historyWithdrawal,
};

/** The deposit and withdrawal pages of the frame the member is in: the account center's, or the wallet's. */
export function useFundsRoutes(): Record<FundsPage, string> {
  const root = useRoot();
  return root.location.startsWith('/account/center/') ? CENTER_ROUTES : WALLET_FUNDS_ROUTES;
}

/** The signed-in member is a merchant (is_merchant = 2): the merchant account is theirs. */
export function useIsMerchant(): boolean {
  return useRoot().session.user?.is_merchant === 2;
}
