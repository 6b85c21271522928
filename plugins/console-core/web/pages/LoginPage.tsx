import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { PageSpinner, useRoot } from '../../../../core/web';
import { CONSOLE_ACCOUNT_ROUTE, CONSOLE_HOME_ROUTE } from '../ids';
import { LoginForm } from '../components/LoginForm';
import { useOperator } from '../use-operator';
import '../console.css';

/** /login: the operator signs in with the console's own account. */
const LoginPage = observer(function LoginPage() {
  const root = useRoot();
  const store = useOperator();
  const { t } = useTranslation('console-core');
  if (!store.hydrated) return <PageSpinner />;
  // an operator without TOTP goes to the binding page first
  const home = root.href(store.needsTotp ? CONSOLE_ACCOUNT_ROUTE : CONSOLE_HOME_ROUTE);
  if (store.isSignedIn) return <Redirect to={home} replace />;
  return (
    <div className="cc-login">
      <div className="cc-login__card">
        <span className="cc-login__site">{root.site.title}</span>
        <h1 className="cc-login__title">{t('loginTitle')}</h1>
        <LoginForm store={store} onSignedIn={() => root.navigate(root.href(store.needsTotp ? CONSOLE_ACCOUNT_ROUTE : CONSOLE_HOME_ROUTE), { replace: true })} />
      </div>
    </div>
  );
});

export default LoginPage;
