import { useMemo } from 'react';
import { useOperatorSession } from '../../console-core/shared/kit';
import type { OperatorConsole } from '../../console-core/shared/types';
import { walletConsoleApi, type WalletConsoleApi } from './console-api';

/** The operator session of console-core and the wallet's console calls made with its token. */
export function useWalletConsole(): { session: OperatorConsole; api: WalletConsoleApi } {
  const session = useOperatorSession();
  const api = useMemo(() => walletConsoleApi(session.http), [session]);
  return { session, api };
}
