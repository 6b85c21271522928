import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { PageSpinner } from '../../../../core/web';
import { useConsole } from '../use-console';

/** Renders the page once an operator is signed in (console-core's bar sends signed-out operators to sign-in). */
export const ConsolePageGate = observer(function ConsolePageGate({ children }: { children: ReactNode }) {
  const { session } = useConsole();
  if (!session.hydrated || !session.isSignedIn) return <PageSpinner />;
  return <>{children}</>;
});
