import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRoot } from '../../../../core/web';
import { REGISTER_PATH, routeHref } from '../route-href';
import { HeroStats } from './HeroStats';

/** Site title, headline, the two calls to action and the platform figures (sign-up gift included). */
export const Hero = observer(function Hero() {
  const root = useRoot();
  const { t } = useTranslation('home');
  const marketsHref = routeHref(root, 'markets.main');
  const siteTitle = root.boot?.site.title || root.site.title;
  return (
    <section className="hm-hero">
      <div className="hm-wrap hm-hero__grid">
        <div>
          <span className="hm-hero__site">{siteTitle}</span>
          <h1 className="hm-hero__title">{t('headline')}</h1>
          <p className="hm-hero__sub">{t('subHeadline')}</p>
          <div className="hm-actions">
            {!root.session.isLogin && (
              <Link href={REGISTER_PATH} className="hm-btn hm-btn--primary">
                {t('signUp')}
              </Link>
            )}
            {marketsHref && (
              <Link href={marketsHref} className="hm-btn hm-btn--ghost">
                {t('markets')}
              </Link>
            )}
          </div>
        </div>
        <HeroStats />
      </div>
    </section>
  );
});
