import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { helpTrail } from '../crumbs';
import { useArticles, useReturnToIndexOnLanguageChange } from '../use-articles';
import { useLoaded } from '../use-loaded';
import { Breadcrumb } from './Breadcrumb';
import { LoadState } from './LoadState';

type ArticlesApi = ReturnType<typeof useArticles>['api'];
type Root = ReturnType<typeof useArticles>['root'];

/**
 * A help-centre page of loaded content (a category, a section, an article): the help breadcrumb and the loading
 * or failure state until it is there, loaded again for a new `loadKey`; a change of language returns to the index.
 */
export const HelpPage = observer(function HelpPage<T>({
  loadKey,
  load,
  children,
}: {
  loadKey: string;
  load: (api: ArticlesApi) => Promise<T>;
  children: (data: T, root: Root) => ReactNode;
}) {
  const { root, api, language } = useArticles();
  useReturnToIndexOnLanguageChange();
  const state = useLoaded(`${loadKey}:${language}`, () => load(api));
  return (
    <div className="art-page">
      {state.status === 'ready' ? (
        children(state.data, root)
      ) : (
        <>
          <Breadcrumb items={helpTrail(root, {})} />
          <LoadState state={state} />
        </>
      )}
    </div>
  );
});
