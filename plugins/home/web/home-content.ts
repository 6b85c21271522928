import { useEffect, useState } from 'react';
import type { HttpClient, ShellRoot } from '../../../core/plugin-api';
import { PAGE_SIZE_ALL, type Language, type Page } from '../../../core/shared';

/** A text per language, as operators enter it in the console. */
export type Texts = Partial<Record<Language, string>>;

export type HomeBlockCode = 'hero' | 'products' | 'signup';

/** cgform home_block: the hero (title = headline), the heading of the product sections, the sign-up prompt. */
export interface HomeBlock {
  id: number;
  code: HomeBlockCode;
  show: boolean;
  title: Texts;
  text?: Texts;
}

/** cgform home_figure: a marketing figure of the hero. */
export interface HomeFigure {
  id: number;
  sort: number;
  show: boolean;
  code: string;
  value: Texts;
  label: Texts;
}

/** cgform home_product: a product card linking to the route its product plugin provides. */
export interface HomeProduct {
  id: number;
  sort: number;
  show: boolean;
  code: string;
  route: string;
  mark: string;
  title: Texts;
  text: Texts;
}

export interface HomeContent {
  blocks: Partial<Record<HomeBlockCode, HomeBlock>>;
  figures: HomeFigure[];
  products: HomeProduct[];
}

export const HOME_COLLECTIONS = { blocks: 'home_block', figures: 'home_figure', products: 'home_product' } as const;

async function shownRows<T extends { show: boolean }>(http: HttpClient, code: string, column: string): Promise<T[]> {
  const page = await http.get<Page<T>>(`/cgform-api/getData/${code}`, { query: { pageSize: PAGE_SIZE_ALL, column, order: 'asc' }, silent: true });
  return page.records.filter((row) => row.show);
}

/** The home page's operator content, read at runtime so an edit shows without a release. */
export async function loadHomeContent(http: HttpClient): Promise<HomeContent> {
  const [blocks, figures, products] = await Promise.all([
    shownRows<HomeBlock>(http, HOME_COLLECTIONS.blocks, 'id'),
    shownRows<HomeFigure>(http, HOME_COLLECTIONS.figures, 'sort'),
    shownRows<HomeProduct>(http, HOME_COLLECTIONS.products, 'sort'),
  ]);
  return { blocks: Object.fromEntries(blocks.map((block) => [block.code, block])), figures, products };
}

/** The text in the user's language, else in the site's default language, else English. */
export function localized(texts: Texts | undefined, root: Pick<ShellRoot, 'settings' | 'site'>): string {
  if (!texts) return '';
  return texts[root.settings.language] || texts[root.site.language] || texts.en || '';
}

export type HomeContentState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; content: HomeContent };

/** Loads the content once per visit of the home page. */
export function useHomeContent(http: HttpClient): HomeContentState {
  const [state, setState] = useState<HomeContentState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    loadHomeContent(http).then(
      (content) => current && setState({ status: 'ready', content }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [http]);
  return state;
}
