import { useTranslation } from 'react-i18next';
import type { SecurityLevel } from '../member-security';

/** "Security level: medium (3/5)" with five segments. */
export function SecurityLevelBar({ summary }: { summary: { set: number; total: number; level: SecurityLevel } }) {
  const { t } = useTranslation('identity');
  return (
    <div className={`id-sec-level id-sec-level--${summary.level}`}>
      <span className="id-sec-level__label">
        {t('security.level')}: <strong>{t(`security.level_${summary.level}`)}</strong> ({summary.set}/{summary.total})
      </span>
      <span className="id-sec-level__bars" aria-hidden>
        {Array.from({ length: summary.total }, (_, index) => (
          <span key={index} className={index < summary.set ? 'id-sec-level__bar id-sec-level__bar--on' : 'id-sec-level__bar'} />
        ))}
      </span>
    </div>
  );
}
