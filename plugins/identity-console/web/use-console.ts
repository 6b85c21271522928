import { useMemo } from 'react';
import type { OperatorConsole } from '../../console-core/shared/types';
import { useOperatorSession } from '../../console-core/shared/kit';
import { consoleApi, type ConsoleApi } from './console-api';

/** The operator session of console-core and the identity console's calls made with its token. */
export function useConsole(): { session: OperatorConsole; api: ConsoleApi } {
  const session = useOperatorSession();
  const api = useMemo(() => consoleApi(session.http), [session]);
  return { session, api };
}
