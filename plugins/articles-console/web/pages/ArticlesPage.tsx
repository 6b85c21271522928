import { Button, Tag } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteLink, useRoot } from '../../../../core/web';
import { ConsolePageGate, PagedTable, formatTime, usePaged } from '../../../console-core/shared/kit';
import { ARTICLE_STATUSES, ARTICLE_TYPES, type ConsoleArticleRow, type ConsoleCategory } from '../../../articles/shared/types';
import { categoryFilterOptions, sectionOptions } from '../category-options';
import { FieldSelect } from '../components/FieldSelect';
import type { ArticleListFilter } from '../console-api';
import { ARTICLE_EDIT_ROUTE, CATEGORIES_ROUTE, NAMESPACE, NEW_ARTICLE } from '../ids';
import { languageOptions } from '../languages';
import { useConsole } from '../use-console';
import '../articles-console.css';

/** The title in the filtered language, else the console's, else the first one written. */
function titleOf(row: ConsoleArticleRow, ...languages: Array<string | undefined>): string {
  for (const language of languages) {
    const text = row.texts.find((candidate) => candidate.language === language);
    if (text) return text.title;
  }
  return row.texts[0]?.title ?? '–';
}

const Articles = observer(function Articles() {
  const root = useRoot();
  const { t } = useTranslation(NAMESPACE);
  const { api } = useConsole();
  const [filter, setFilter] = useState<ArticleListFilter>({});
  const [tree, setTree] = useState<ConsoleCategory[]>([]);
  useEffect(() => {
    api.categories().then(setTree, () => undefined);
  }, [api]);
  const fetchPage = useCallback((page: number) => api.articles(filter, page), [api, filter]);
  const list = usePaged(fetchPage, true);
  const language = root.settings.language;
  const sections = useMemo(() => new Map(sectionOptions(tree, language, root.site.language).map((option) => [option.value, option.label])), [tree, language, root]);

  const columns = [
    {
      title: t('title'),
      dataIndex: 'id',
      render: (_: unknown, row: ConsoleArticleRow) => (
        <RouteLink to={ARTICLE_EDIT_ROUTE} params={{ id: String(row.id) }} className="ac-link" data-testid={`article-${row.id}`}>
          {titleOf(row, filter.language, language)}
        </RouteLink>
      ),
    },
    { title: t('type'), dataIndex: 'type', render: (type: string) => t(`types.${type}`) },
    { title: t('section'), dataIndex: 'sectionId', render: (sectionId: number | null) => (sectionId ? (sections.get(sectionId) ?? sectionId) : '–') },
    { title: t('code'), dataIndex: 'code', render: (code: string | null) => code ?? '–' },
    {
      title: t('languages'),
      dataIndex: 'texts',
      render: (texts: ConsoleArticleRow['texts']) => (
        <span className="ac-tags">
          {texts.map((text) => (
            <Tag key={text.language} size="small" color={text.status === 'published' ? 'green' : 'grey'}>
              <span title={t(`status.${text.status}`)}>{text.language}</span>
            </Tag>
          ))}
        </span>
      ),
    },
    { title: t('updatedAt'), dataIndex: 'updatedAt', render: formatTime },
  ];

  const choose = <K extends keyof ArticleListFilter>(key: K) => (value: unknown) => setFilter((current) => ({ ...current, [key]: value ?? undefined }));
  return (
    <>
      <div className="ac-head">
        <h1 className="ac-title">{t('listTitle')}</h1>
        <div className="ac-head__actions">
          <RouteLink to={CATEGORIES_ROUTE} className="ac-link">
            {t('menuCategories')}
          </RouteLink>
          <Button theme="solid" type="primary" onClick={() => root.navigate(root.href(ARTICLE_EDIT_ROUTE, { id: NEW_ARTICLE }))}>
            {t('newArticle')}
          </Button>
        </div>
      </div>
      <div className="ac-filters">
        <FieldSelect hideLabel label={t('language')} placeholder={t('anyLanguage')} showClear value={filter.language} optionList={languageOptions(root.languages)} onChange={choose('language')} />
        <FieldSelect
          hideLabel
          label={t('state')}
          placeholder={t('anyStatus')}
          showClear
          value={filter.status}
          optionList={ARTICLE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          onChange={choose('status')}
        />
        <FieldSelect
          hideLabel
          label={t('type')}
          placeholder={t('anyType')}
          showClear
          value={filter.type}
          optionList={ARTICLE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          onChange={choose('type')}
        />
        <FieldSelect
          hideLabel
          label={t('category')}
          placeholder={t('anyCategory')}
          showClear
          value={filter.categoryId}
          optionList={categoryFilterOptions(tree, language, root.site.language)}
          onChange={choose('categoryId')}
          style={{ minWidth: 240 }}
        />
      </div>
      <PagedTable<ConsoleArticleRow> list={list} columns={columns} />
    </>
  );
});

/** /articles of the console: every article with its languages and their states, filtered; a new one. */
export default function ArticlesPage() {
  return (
    <ConsolePageGate>
      <Articles />
    </ConsolePageGate>
  );
}
