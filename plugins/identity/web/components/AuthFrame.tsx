import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';

/** The two-column frame of the sign-in pages: a brand panel and the form card. */
export function AuthFrame({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  const root = useRoot();
  const { t } = useTranslation('identity');
  return (
    <div className="id-page">
      <aside className="id-hero" aria-hidden="true">
        <div className="id-hero__glow" />
        <p className="id-hero__brand">{root.site.title}</p>
        <h2 className="id-hero__title">{t('hero.title')}</h2>
        <ul className="id-hero__points">
          <li>{t('hero.point1')}</li>
          <li>{t('hero.point2')}</li>
          <li>{t('hero.point3')}</li>
        </ul>
      </aside>
      <main className="id-card">
        <h1 className="id-card__title">{title}</h1>
        <p className="id-card__subtitle">{subtitle}</p>
        {children}
        <div className="id-card__footer">{footer}</div>
      </main>
    </div>
  );
}
