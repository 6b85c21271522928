import { useTranslation } from 'react-i18next';

const STATS = ['Countries', 'Reserve', 'Ai', 'Gift'] as const;

/** The platform figures; every text is in the home namespace so operators can override it. */
export function HeroStats() {
  const { t } = useTranslation('home');
  return (
    <dl className="hm-stats">
      {STATS.map((stat) => (
        <div className="hm-stat" key={stat} data-stat={stat.toLowerCase()}>
          <dt className="hm-stat__label">{t(`stat${stat}Label`)}</dt>
          <dd className="hm-stat__value">{t(`stat${stat}Value`)}</dd>
        </div>
      ))}
    </dl>
  );
}
