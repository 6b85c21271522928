import { useTranslation } from 'react-i18next';
import { passwordStrength } from '../form-rules';

const LEVELS = { weak: 1, fair: 2, strong: 3 } as const;
const LABEL_KEYS = { weak: 'register.strengthWeak', fair: 'register.strengthFair', strong: 'register.strengthStrong' } as const;

/** Three bars and a word; nothing while the field is empty. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation('identity');
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <div className={`id-strength id-strength--${strength}`} aria-live="polite">
      <div className="id-strength__bars">
        {[1, 2, 3].map((bar) => (
          <span key={bar} className={bar <= LEVELS[strength] ? 'id-strength__bar id-strength__bar--on' : 'id-strength__bar'} />
        ))}
      </div>
      <span className="id-strength__label">
        {t('register.strength')}: {t(LABEL_KEYS[strength])}
      </span>
    </div>
  );
}
