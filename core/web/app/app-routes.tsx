import { observer } from 'mobx-react-lite';
import { Suspense, lazy, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import type { RouteContribution } from '../../plugin-api';
import { MainLayout } from '../layout/main-layout';
import { SectionLayout } from '../layout/section-layout';
import type { Owned } from '../registry/registry';
import { useRoot } from '../store/root-context';
import { LOGIN_PATH, returnPathFrom, withReturnPath } from './return-path';
import { PageErrorBoundary, PageSpinner, RetryScreen } from './screens';

export const HOME_PATH = '/home';
export const HOME_INDEX_PATH = '/home/index';

type PageComponent = LazyExoticComponent<ComponentType<{ params: Record<string, string> }>>;

function RoutePage({ route, page, params }: { route: Owned<RouteContribution>; page: PageComponent; params: Record<string, string> }) {
  const { t } = useTranslation();
  const Page = page;
  const content = (
    <PageErrorBoundary
      fallback={<RetryScreen texts={{ offline: t('errors.pageFailed'), retry: t('boot.retry'), pluginError: '' }} onRetry={() => window.location.reload()} />}
    >
      <Suspense fallback={<PageSpinner />}>
        <Page params={params} />
      </Suspense>
    </PageErrorBoundary>
  );
  const framed = route.section ? <SectionLayout section={route.section}>{content}</SectionLayout> : content;
  return route.layout === 'bare' ? framed : <MainLayout>{framed}</MainLayout>;
}

const GuardedPage = observer(function GuardedPage(props: { route: Owned<RouteContribution>; page: PageComponent; params: Record<string, string> }) {
  const root = useRoot();
  // The router's own location: the root store's copy is updated only after this render.
  const [location] = useLocation();
  const search = useSearch();
  if (props.route.requiresLogin && !root.session.isLogin) {
    return <Redirect to={withReturnPath(LOGIN_PATH, returnPathFrom(location, search))} replace />;
  }
  return <RoutePage {...props} />;
});

function UnknownRoute() {
  const root = useRoot();
  const { t } = useTranslation();
  // Without a home page the redirect would loop; show a plain not-found instead.
  if (root.registry.matchPath(HOME_INDEX_PATH)) return <Redirect to={HOME_INDEX_PATH} replace />;
  return (
    <MainLayout>
      <div className="bourse-screen">
        <p>{t('errors.notFound')}</p>
      </div>
    </MainLayout>
  );
}

/** "/" → /home, the plugins' routes (lazy pages), anything else → /home/index. */
export function AppRoutes() {
  const root = useRoot();
  const routes = root.registry.routes;
  const pages = useMemo(() => new Map(routes.map((route) => [route.name, lazy(route.page)])), [routes]);
  return (
    <Switch>
      <Route path="/">
        <Redirect to={HOME_PATH} replace />
      </Route>
      {routes.map((route) => (
        <Route key={route.name} path={route.path}>
          {(params: Record<string, string | undefined>) => (
            <GuardedPage route={route} page={pages.get(route.name)!} params={definedParams(params)} />
          )}
        </Route>
      ))}
      <Route>
        <UnknownRoute />
      </Route>
    </Switch>
  );
}

function definedParams(params: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
