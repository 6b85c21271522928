import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRoot } from '../../../../core/web';
import { localized, type HomeBlock } from '../home-content';
import { REGISTER_PATH } from '../route-href';

/** The operator's closing sign-up prompt; signed-in users do not see it. */
export const SignUpBand = observer(function SignUpBand({ block }: { block: HomeBlock }) {
  const root = useRoot();
  const { t } = useTranslation('home');
  if (root.session.isLogin) return null;
  return (
    <div className="hm-wrap">
      <section className="hm-band">
        <div>
          <h2 className="hm-band__title">{localized(block.title, root)}</h2>
          <p className="hm-band__text">{localized(block.text, root)}</p>
        </div>
        <Link href={REGISTER_PATH} className="hm-btn hm-btn--primary">
          {t('promptButton')}
        </Link>
      </section>
    </div>
  );
});
