import type { ReactNode } from 'react';
import { ConnectionNotice } from './connection-notice';
import { Footer } from './footer/footer';
import { Header } from './header/header';

/** Header, page, footer: the "main" layout of plugin routes. */
export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="bourse-layout">
      <Header />
      <ConnectionNotice />
      <main className="bourse-main">{children}</main>
      <Footer />
    </div>
  );
}
