import { LocaleProvider } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { RootProvider } from '../store/root-context';
import { basePathOf, type RootStore } from '../store/root-store';
import { AppRoutes } from './app-routes';
import { LocationTracker } from './location-tracker';
import { ScrollReset } from './scroll-reset';
import { Slot } from './slot';

/** The whole shell: providers, router, routes and the overlay slot. */
export const ShellApp = observer(function ShellApp({ root }: { root: RootStore }) {
  const app = (
    <Router base={basePathOf(root.site)}>
      <LocationTracker />
      <ScrollReset />
      <AppRoutes />
      <Slot name="layout.overlay" />
    </Router>
  );
  return (
    <RootProvider root={root}>
      <I18nextProvider i18n={root.i18n}>
        {root.semiLocale ? <LocaleProvider locale={root.semiLocale}>{app}</LocaleProvider> : app}
      </I18nextProvider>
    </RootProvider>
  );
});
