import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { localized, type HomeFigure } from '../home-content';

/** The platform figures, as operators set them (cgform home_figure). */
export const HeroStats = observer(function HeroStats({ figures }: { figures: HomeFigure[] }) {
  const root = useRoot();
  const { t } = useTranslation('home');
  return (
    <dl className="hm-stats" aria-label={t('figures')}>
      {figures.map((figure) => (
        <div className="hm-stat" key={figure.id} data-stat={figure.code}>
          <dt className="hm-stat__label">{localized(figure.label, root)}</dt>
          <dd className="hm-stat__value">{localized(figure.value, root)}</dd>
        </div>
      ))}
    </dl>
  );
});
