import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useRoot } from '../../../../core/web';
import type { MarketRow } from '../../shared/types';
import { tradePath } from '../trade-paths';

/**
 * Opens the market's trading screen (inside a clickable row, the row's own click does not run as well); a market
 * without one is plain text.
 */
export function TradeLink({ row, className, children }: { row: MarketRow; className?: string; children: ReactNode }) {
  const root = useRoot();
  const path = tradePath(root, row);
  if (path === null) return <span className={className}>{children}</span>;
  return (
    <Link href={path} className={className} onClick={(event) => event.stopPropagation()}>
      {children}
    </Link>
  );
}
