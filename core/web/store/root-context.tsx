import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from './root-store';

const RootContext = createContext<RootStore | null>(null);

export function RootProvider({ root, children }: { root: RootStore; children: ReactNode }) {
  return <RootContext.Provider value={root}>{children}</RootContext.Provider>;
}

/** The shell's root store; only inside the shell's React tree. */
export function useRoot(): RootStore {
  const root = useContext(RootContext);
  if (!root) throw new Error('useRoot() is used outside the Bourse shell');
  return root;
}
