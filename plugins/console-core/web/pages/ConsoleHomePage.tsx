import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { PageSpinner, useRoot } from '../../../../core/web';
import { CONSOLE_LOGIN_ROUTE } from '../ids';
import { ConsoleFrame } from '../components/ConsoleFrame';
import { useOperator } from '../use-operator';
import '../console.css';

/** /home/index of the console: who is signed in and which plugins the site runs. */
const ConsoleHomePage = observer(function ConsoleHomePage() {
  const root = useRoot();
  const store = useOperator();
  const { t } = useTranslation('console-core');
  const signedIn = store.hydrated && store.isSignedIn;
  useEffect(() => {
    if (signedIn) void store.refreshProfile();
  }, [store, signedIn]);
  if (!store.hydrated) return <PageSpinner />;
  if (!store.isSignedIn) return <Redirect to={root.href(CONSOLE_LOGIN_ROUTE)} replace />;
  return (
    <ConsoleFrame store={store}>
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
    </ConsoleFrame>
  );
});

export default ConsoleHomePage;
