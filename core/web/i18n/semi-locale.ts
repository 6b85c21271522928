import type { Language } from '../../shared';

/** The locale of Semi UI's built-in texts (date pickers, empty states, pagination …). */
export type SemiLocale = import('@douyinfe/semi-ui-19/lib/es/locale/interface').Locale;

type Loader = () => Promise<{ default: SemiLocale }>;

// One literal import per language so the bundler emits one small chunk each.
const LOADERS: Record<Language, Loader> = {
  'zh-TW': () => import('@douyinfe/semi-ui-19/lib/es/locale/source/zh_TW'),
  en: () => import('@douyinfe/semi-ui-19/lib/es/locale/source/en_US'),
  ko: () => import('@douyinfe/semi-ui-19/lib/es/locale/source/ko_KR'),
  ja: () => import('@douyinfe/semi-ui-19/lib/es/locale/source/ja_JP'),
  de: () => import('@douyinfe/semi-ui-19/lib/es/locale/source/de'),
  fr: () => import('@douyinfe/semi-ui-19/lib/es/locale/source/fr'),
  tr: () => import('@douyinfe/semi-ui-19/lib/es/locale/source/tr_TR'),
};

/** Semi's table paging texts where its own are half English (fr) or read badly (tr, zh-TW's mainland 條). */
const TABLE_PAGE_TEXTS: Partial<Record<Language, string>> = {
  fr: 'Affichage de ${currentStart} à ${currentEnd} sur ${total}',
  tr: '${total} kayıttan ${currentStart}–${currentEnd} arası',
  'zh-TW': '第 ${currentStart}–${currentEnd} 筆，共 ${total} 筆',
};

export async function loadSemiLocale(language: Language): Promise<SemiLocale> {
  const locale = (await LOADERS[language]()).default;
  const pageText = TABLE_PAGE_TEXTS[language];
  return pageText ? { ...locale, Table: { ...locale.Table, pageText } } : locale;
}

/** Where a calendar week starts for readers of each language (0 Sunday, 1 Monday): Semi's date pickers take it as a prop. */
const WEEK_STARTS: Record<Language, 0 | 1> = { 'zh-TW': 0, en: 0, ko: 0, ja: 0, de: 1, fr: 1, tr: 1 };

export function weekStartsOn(language: string): 0 | 1 {
  return WEEK_STARTS[language as Language] ?? 0;
}
