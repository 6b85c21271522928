import { reaction } from 'mobx';
import { useEffect, useMemo } from 'react';
import { useRoot } from '../../../core/web';
import { articlesApi } from './articles-api';
import { ARTICLES_INDEX_ROUTE } from './ids';

/** The public calls and the current language (pages reload when it changes). */
export function useArticles() {
  const root = useRoot();
  const api = useMemo(() => articlesApi(root.http), [root]);
  return { root, api, language: root.settings.language };
}

/** Spec §2: changing language on a category, section or article page returns the user to the article index. */
export function useReturnToIndexOnLanguageChange(): void {
  const root = useRoot();
  useEffect(
    () =>
      reaction(
        () => root.settings.language,
        () => root.navigate(root.href(ARTICLES_INDEX_ROUTE)),
      ),
    [root],
  );
}
