import { Button, InputNumber, Modal, Popconfirm, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner, useRoot } from '../../../../core/web';
import { ConsolePageGate } from '../../../console-core/shared/kit';
import { pickText, type CategoryInput, type ConsoleCategory } from '../../../articles/shared/types';
import { FieldSelect } from '../components/FieldSelect';
import { TitleFields } from '../components/TitleFields';
import { NAMESPACE } from '../ids';
import { languageOptions } from '../languages';
import { useConsole } from '../use-console';
import '../articles-console.css';

/** What the dialog edits: a new category (no id, no parent), a new section (a parent) or an existing one. */
type Draft = CategoryInput & { id?: number };

const Categories = observer(function Categories() {
  const root = useRoot();
  const { t } = useTranslation(NAMESPACE);
  const { api } = useConsole();
  const [tree, setTree] = useState<ConsoleCategory[] | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => api.categories().then(setTree, () => undefined), [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const titleOf = (category: ConsoleCategory) => pickText(category.titles, root.settings.language, root.site.language);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      Toast.success(t(done));
      await load();
      return true;
    } catch {
      return false; // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!draft) return;
    const { id, ...input } = draft;
    if (await run(() => (id ? api.updateCategory(id, input) : api.createCategory(input)), 'saved')) setDraft(null);
  };
  const edit = (category: ConsoleCategory) => setDraft({ id: category.id, parentId: category.parentId, titles: category.titles, sort: category.sort });
  const remove = (category: ConsoleCategory) => run(() => api.deleteCategory(category.id), 'deleted');

  const actions = (category: ConsoleCategory) => (
    <span className="ac-row-actions">
      <Button size="small" theme="borderless" onClick={() => edit(category)}>
        {t('edit')}
      </Button>
      <Popconfirm title={t('deleteCategoryConfirm')} okText={t('delete')} cancelText={t('cancel')} onConfirm={() => remove(category)}>
        <span>
          <Button size="small" theme="borderless" type="danger">
            {t('delete')}
          </Button>
        </span>
      </Popconfirm>
    </span>
  );

  if (tree === null) return <PageSpinner />;
  return (
    <>
      <div className="ac-head">
        <h1 className="ac-title">{t('categoriesTitle')}</h1>
        <Button theme="solid" type="primary" onClick={() => setDraft({ parentId: null, titles: {}, sort: 0 })}>
          {t('addCategory')}
        </Button>
      </div>
      <p className="ac-hint">{t('categoriesHint')}</p>
      {tree.length === 0 && <p className="ac-hint">{t('noCategories')}</p>}
      {tree.map((category) => (
        <section key={category.id} className="ac-card" data-testid={`category-${category.id}`}>
          <div className="ac-tree__row ac-tree__row--top">
            <h2 className="ac-card__title">{titleOf(category)}</h2>
            <span className="ac-hint">{t('sortValue', { sort: category.sort })}</span>
            {actions(category)}
          </div>
          <ul className="ac-tree">
            {(category.sections ?? []).map((section) => (
              <li key={section.id} className="ac-tree__row" data-testid={`section-${section.id}`}>
                <span>{titleOf(section)}</span>
                <span className="ac-hint">{t('sortValue', { sort: section.sort })}</span>
                {actions(section)}
              </li>
            ))}
          </ul>
          <Button size="small" onClick={() => setDraft({ parentId: category.id, titles: {}, sort: 0 })}>
            {t('addSection')}
          </Button>
        </section>
      ))}
      <Modal
        visible={draft !== null}
        title={draft?.id ? t('editCategory') : draft?.parentId ? t('addSection') : t('addCategory')}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={save}
        onCancel={() => setDraft(null)}
        width={640}
      >
        {draft && (
          <>
            <TitleFields titles={draft.titles} languages={languageOptions(root.languages)} onChange={(titles) => setDraft({ ...draft, titles })} />
            {draft.parentId ? (
              <FieldSelect
                label={t('category')}
                value={draft.parentId}
                optionList={tree.map((category) => ({ value: category.id, label: titleOf(category) }))}
                onChange={(parentId) => setDraft({ ...draft, parentId: parentId as number })}
              />
            ) : null}
            <label className="ac-field ac-field--narrow">
              {t('sort')}
              <InputNumber min={0} max={100000} value={draft.sort ?? 0} onNumberChange={(sort) => setDraft({ ...draft, sort: Number.isFinite(sort) ? sort : 0 })} />
            </label>
          </>
        )}
      </Modal>
    </>
  );
});

/** /articles/categories of the console: the help centre's categories and their sections. */
export default function CategoriesPage() {
  return (
    <ConsolePageGate>
      <Categories />
    </ConsolePageGate>
  );
}
