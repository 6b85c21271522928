import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useRoot } from '../../../../core/web';
import type { MarketRow } from '../../shared/types';
import { tradePath } from '../trade-paths';

/** Opens the market's trading screen (inside a clickable row, the row's own click does not run as well). */
export function TradeLink({ row, className, children }: { row: MarketRow; className?: string; children: ReactNode }) {
  const root = useRoot();
  return (
    <Link href={tradePath(root, row)} className={className} onClick={(event) => event.stopPropagation()}>
      {children}
    </Link>
  );
}
