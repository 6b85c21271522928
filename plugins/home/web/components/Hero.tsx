import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRoot } from '../../../../core/web';
import { localized, type HomeBlock, type HomeFigure } from '../home-content';
import { REGISTER_PATH, routeHref } from '../route-href';
import { HeroStats } from './HeroStats';

/** Site title, the operator's headline and sub-headline, the two calls to action and the platform figures. */
export const Hero = observer(function Hero({ block, figures, loading }: { block?: HomeBlock; figures: HomeFigure[]; loading: boolean }) {
  const root = useRoot();
  const { t } = useTranslation('home');
  const marketsHref = routeHref(root, 'markets.main');
  const siteTitle = root.boot?.site.title || root.site.title;
  const headline = localized(block?.title, root);
  const subHeadline = localized(block?.text, root);
  return (
    <section className="hm-hero" aria-busy={loading}>
      <div className="hm-wrap hm-hero__grid">
        <div>
          <span className="hm-hero__site">{siteTitle}</span>
          {loading ? (
            <div className="hm-skeleton hm-skeleton--title" aria-hidden="true" />
          ) : (
            headline && <h1 className="hm-hero__title">{headline}</h1>
          )}
          {subHeadline && <p className="hm-hero__sub">{subHeadline}</p>}
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
        {figures.length > 0 && <HeroStats figures={figures} />}
      </div>
    </section>
  );
});
