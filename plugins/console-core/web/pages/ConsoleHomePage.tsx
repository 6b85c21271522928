import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { PageSpinner, useRoot } from '../../../../core/web';
import { useOperator } from '../use-operator';
import '../console.css';

/** /home/index of the console: who is signed in and which plugins the site runs (the frame is the section's). */
const ConsoleHomePage = observer(function ConsoleHomePage() {
  const root = useRoot();
  const store = useOperator();
  const { t } = useTranslation('console-core');
  // the section's operator bar redirects a signed-out operator
  if (!store.hydrated || !store.isSignedIn) return <PageSpinner />;
  return (
    <>
      <h1 className="cc-title">{t('homeTitle')}</h1>
      <section className="cc-card">
        <h2 className="cc-card__title">{t('operatorTitle')}</h2>
        <dl className="cc-facts">
          <dt>{t('username')}</dt>
          <dd data-testid="operator-name">{store.operator?.username}</dd>
          <dt>{t('role')}</dt>
          <dd data-testid="operator-role">{store.operator?.role}</dd>
        </dl>
      </section>
      <section className="cc-card">
        <h2 className="cc-card__title">{t('pluginsTitle')}</h2>
        <ul className="cc-plugins">
          {root.registry.plugins.map(({ manifest }) => (
            <li key={manifest.id} data-plugin={manifest.id}>
              <code>{manifest.id}</code>
              <span>{manifest.description}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
});

export default ConsoleHomePage;
