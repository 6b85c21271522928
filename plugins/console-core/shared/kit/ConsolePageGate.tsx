import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { PageSpinner } from '../../../../core/web';
import { useOperatorSession } from './use-operator-session';

/** Renders the page once an operator is signed in (console-core's bar sends signed-out operators to sign-in). */
export const ConsolePageGate = observer(function ConsolePageGate({ children }: { children: ReactNode }) {
  const session = useOperatorSession();
  if (!session.hydrated || !session.isSignedIn) return <PageSpinner />;
  return <>{children}</>;
});
