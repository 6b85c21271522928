import { Typography } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import '../wallet.css';

/** A titled card of a wallet page; `extra` sits at the right of the title (links, toggles, export buttons). */
export function WalletCard({ title, extra, className, children }: { title: ReactNode; extra?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `wallet-card ${className}` : 'wallet-card'}>
      <header className="wallet-card__head">
        <Typography.Title heading={5} className="wallet-card__title">
          {title}
        </Typography.Title>
        {extra ? <div className="wallet-card__extra">{extra}</div> : null}
      </header>
      {children}
    </section>
  );
}
