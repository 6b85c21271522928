import { useMemo } from 'react';
import { useOperatorSession } from '../../console-core/shared/kit';
import type { OperatorConsole } from '../../console-core/shared/types';
import { articlesConsoleApi, type ArticlesConsoleApi } from './console-api';

/** The operator session of console-core and the articles calls made with its token. */
export function useConsole(): { session: OperatorConsole; api: ArticlesConsoleApi } {
  const session = useOperatorSession();
  const api = useMemo(() => articlesConsoleApi(session.http), [session]);
  return { session, api };
}
