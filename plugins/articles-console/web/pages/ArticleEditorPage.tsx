import { Button, Input, InputNumber, Popconfirm, Radio, RadioGroup, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError, PageSpinner, RouteLink, useRoot } from '../../../../core/web';
import type { Language } from '../../../../core/shared';
import { ConsolePageGate, StatusTag } from '../../../console-core/shared/kit';
import {
  ARTICLE_TYPES,
  SUMMARY_MAX,
  TITLE_MAX,
  type ArticleMetaInput,
  type ArticleTextInput,
  type ArticleType,
  type ConsoleArticle,
  type ConsoleCategory,
} from '../../../articles/shared/types';
import { BodyEditor } from '../components/BodyEditor';
import { FieldSelect } from '../components/FieldSelect';
import { sectionOptions } from '../category-options';
import { ARTICLE_EDIT_ROUTE, ARTICLES_LIST_ROUTE, NAMESPACE, NEW_ARTICLE } from '../ids';
import { languageOptions } from '../languages';
import { useConsole } from '../use-console';
import '../articles-console.css';

const EMPTY_TEXT: ArticleTextInput = { title: '', summary: '', body: '' };
const NEW_META: ArticleMetaInput = { type: 'help', code: null, sectionId: null, sort: 0 };

type Drafts = Partial<Record<Language, ArticleTextInput>>;

function metaOf(article: ConsoleArticle): ArticleMetaInput {
  return { type: article.type, code: article.code, sectionId: article.sectionId, sort: article.sort };
}

/** The article's settings, then its text per language: title, summary and body, saved, published or withdrawn. */
const Editor = observer(function Editor({ id }: { id: number | null }) {
  const root = useRoot();
  const { t } = useTranslation(NAMESPACE);
  const { api } = useConsole();
  const [article, setArticle] = useState<ConsoleArticle | null>(null);
  const [meta, setMeta] = useState<ArticleMetaInput>(NEW_META);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [language, setLanguage] = useState<Language>(root.settings.language);
  const [tree, setTree] = useState<ConsoleCategory[]>([]);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);

  /** Takes the server's article; the drafts of `languages` become its saved texts (other drafts stay as typed). */
  const adopt = (loaded: ConsoleArticle, languages: readonly Language[]) => {
    setArticle(loaded);
    setMeta(metaOf(loaded));
    setDrafts((current) => {
      const next = { ...current };
      for (const text of loaded.texts) if (languages.includes(text.language)) next[text.language] = { title: text.title, summary: text.summary, body: text.body };
      return next;
    });
  };

  useEffect(() => {
    api.categories().then(setTree, () => undefined);
  }, [api]);
  useEffect(() => {
    if (id === null) return;
    api.article(id).then(
      (loaded) => adopt(loaded, loaded.texts.map((text) => text.language)),
      (error: unknown) => setMissing(isHttpError(error) && error.code === 404),
    );
  }, [api, id]);

  if (missing) {
    return (
      <>
        <RouteLink to={ARTICLES_LIST_ROUTE} className="ac-back">
          ← {t('backToList')}
        </RouteLink>
        <p className="ac-hint" role="alert">
          {t('articleMissing')}
        </p>
      </>
    );
  }
  if (id !== null && article?.id !== id) return <PageSpinner />;

  const text = drafts[language] ?? EMPTY_TEXT;
  const saved = article?.texts.find((candidate) => candidate.language === language);
  const changed = !saved || saved.title !== text.title || saved.summary !== text.summary || saved.body !== text.body;
  const setText = (change: Partial<ArticleTextInput>) => setDrafts((current) => ({ ...current, [language]: { ...text, ...change } }));
  const cleanMeta = (): ArticleMetaInput => ({ ...meta, code: meta.code?.trim() || null, sectionId: meta.sectionId ?? null });

  const run = async (work: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await work();
      Toast.success(t(done));
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    run(async () => {
      const created = await api.createArticle(cleanMeta(), language, text);
      root.navigate(root.href(ARTICLE_EDIT_ROUTE, { id: String(created.id) }), { replace: true });
    }, 'created');
  const saveMeta = () => run(async () => adopt(await api.updateArticle(id!, cleanMeta()), []), 'saved');
  const saveText = async () => adopt(await api.saveText(id!, language, text), [language]);
  const publish = (published: boolean) =>
    run(
      async () => {
        if (published && changed) await saveText();
        adopt(await api.setPublished(id!, language, published), [language]);
      },
      published ? 'published' : 'unpublished',
    );
  const remove = () =>
    run(async () => {
      await api.deleteArticle(id!);
      root.navigate(root.href(ARTICLES_LIST_ROUTE));
    }, 'deleted');

  const publishedLanguages = new Set(article?.texts.filter((entry) => entry.status === 'published').map((entry) => entry.language));
  return (
    <>
      <RouteLink to={ARTICLES_LIST_ROUTE} className="ac-back">
        ← {t('backToList')}
      </RouteLink>
      <h1 className="ac-title">{id === null ? t('newTitle') : t('editTitle', { id })}</h1>

      <section className="ac-card" aria-label={t('settings')}>
        <h2 className="ac-card__title">{t('settings')}</h2>
        <div className="ac-row">
          <FieldSelect
            label={t('type')}
            value={meta.type}
            optionList={ARTICLE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            onChange={(type) => setMeta({ ...meta, type: type as ArticleType })}
          />
          <FieldSelect
            label={t('section')}
            className="ac-field--wide"
            value={meta.sectionId ?? undefined}
            placeholder={t('noSection')}
            showClear
            optionList={sectionOptions(tree, root.settings.language, root.site.language)}
            onChange={(sectionId) => setMeta({ ...meta, sectionId: (sectionId as number | undefined) ?? null })}
          />
          <label className="ac-field">
            {t('code')}
            <Input name="code" value={meta.code ?? ''} placeholder={t('codePlaceholder')} onChange={(code) => setMeta({ ...meta, code })} />
          </label>
          <label className="ac-field ac-field--narrow">
            {t('sort')}
            <InputNumber name="sort" min={0} max={100000} value={meta.sort ?? 0} onNumberChange={(sort) => setMeta({ ...meta, sort: Number.isFinite(sort) ? sort : 0 })} />
          </label>
          {id !== null && (
            <Button onClick={saveMeta} loading={busy}>
              {t('saveSettings')}
            </Button>
          )}
        </div>
        <p className="ac-hint">{t('codeHint')}</p>
      </section>

      <section className="ac-card" aria-label={t('text')}>
        <div className="ac-text-head">
          <RadioGroup type="button" value={language} onChange={(event) => setLanguage(event.target.value as Language)} aria-label={t('language')}>
            {languageOptions(root.languages).map((option) => (
              <Radio key={option.value} value={option.value}>
                {option.label}
                {publishedLanguages.has(option.value) && <span className="ac-dot" aria-label={t('status.published')} />}
              </Radio>
            ))}
          </RadioGroup>
          {saved ? <StatusTag value={saved.status} namespace={NAMESPACE} /> : <span className="ac-hint">{t('notWritten')}</span>}
        </div>
        <label className="ac-field">
          {t('title')}
          <Input name="title" value={text.title} maxLength={TITLE_MAX} onChange={(title) => setText({ title })} />
        </label>
        <label className="ac-field">
          {t('summary')}
          <TextArea name="summary" value={text.summary} maxLength={SUMMARY_MAX} autosize={{ minRows: 2, maxRows: 4 }} onChange={(summary) => setText({ summary })} />
        </label>
        <BodyEditor value={text.body} onChange={(body) => setText({ body })} api={api} />
        <div className="ac-actions">
          {id === null ? (
            <Button theme="solid" type="primary" loading={busy} onClick={create}>
              {t('createDraft')}
            </Button>
          ) : (
            <>
              <Button loading={busy} disabled={!changed} onClick={() => run(saveText, 'saved')}>
                {t('saveText')}
              </Button>
              {saved?.status === 'published' ? (
                <Button type="warning" loading={busy} onClick={() => publish(false)}>
                  {t('unpublish')}
                </Button>
              ) : (
                <Button theme="solid" type="primary" loading={busy} onClick={() => publish(true)}>
                  {t('publish')}
                </Button>
              )}
              <span className="ac-actions__spacer" />
              <Popconfirm title={t('deleteConfirm')} okText={t('delete')} cancelText={t('cancel')} onConfirm={remove}>
                <span>
                  <Button type="danger" theme="borderless">
                    {t('delete')}
                  </Button>
                </span>
              </Popconfirm>
            </>
          )}
        </div>
      </section>
    </>
  );
});

/** /articles/edit/{id} of the console ("new" for a new article). */
export default function ArticleEditorPage({ params }: { params: Record<string, string> }) {
  const id = params.id === NEW_ARTICLE ? null : Number(params.id);
  return (
    <ConsolePageGate>
      <Editor key={params.id} id={id !== null && Number.isInteger(id) ? id : null} />
    </ConsolePageGate>
  );
}
