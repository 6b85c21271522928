import { Button, Popconfirm } from '@douyinfe/semi-ui-19';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../core/shared';
import { RouteLink } from '../../../../core/web';
import { CONSOLE_PAGE_SIZE, ConsolePageGate, PagedTable, useOperatorSession, usePaged } from '../../shared/kit';
import { CONSOLE_COLLECTIONS_PATH, CONSOLE_CONTENT_ROUTE, type Collection, type CollectionRow } from '../../shared/types';
import { SchemaEditor } from '../content/SchemaEditor';
import { messageOf } from '../console-error';
import '../console.css';

/** Columns of the rows table: the first fields of the schema. */
const LISTED_FIELDS = 6;

/** A cell: text as it is, titles by language as their English text, anything else as JSON. */
function cellText(value: unknown, yes: string, no: string): string {
  if (value === undefined || value === null) return '–';
  if (typeof value === 'boolean') return value ? yes : no;
  if (typeof value === 'object') {
    const english = (value as Record<string, unknown>).en;
    return typeof english === 'string' ? english : JSON.stringify(value);
  }
  return String(value);
}

/** The editor of one row (or of a new one when `row` is null). */
interface Editing {
  row: CollectionRow | null;
  /** A new key for every opening, so the form starts from the row's values. */
  key: number;
}

/** One collection: its rows, paged, and a form rendered from its schema to add, change or remove them. */
const CollectionPage = observer(function CollectionPage({ params }: { params: Record<string, string> }) {
  const session = useOperatorSession();
  const { t } = useTranslation('console-core');
  const code = params.code;
  const path = `${CONSOLE_COLLECTIONS_PATH}/${encodeURIComponent(code)}`;
  const [collection, setCollection] = useState<Collection | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!session.isSignedIn) return;
    setCollection(null);
    session.http.get<Collection>(path, { silent: true }).then(setCollection, (failure: unknown) => setError(messageOf(failure)));
  }, [session, session.isSignedIn, path]);

  const fetchPage = useCallback(
    (current: number) => session.http.get<Page<CollectionRow>>(`${path}/rows`, { query: { page: current, size: CONSOLE_PAGE_SIZE } }),
    [session, path],
  );
  const rows = usePaged(fetchPage, session.isSignedIn);

  const open = (row: CollectionRow | null) => {
    setSaved(false);
    setEditing({ row, key: Date.now() });
  };
  const save = async (values: Record<string, unknown>) => {
    const target = editing?.row ? `${path}/rows/${editing.row.id}` : `${path}/rows`;
    const row = await session.http.post<CollectionRow>(target, values, { silent: true });
    setEditing({ row, key: Date.now() });
    setSaved(true);
    rows.reload();
  };
  const remove = async (row: CollectionRow) => {
    setError('');
    try {
      await session.http.post(`${path}/rows/${row.id}/delete`, {}, { silent: true });
      if (editing?.row?.id === row.id) setEditing(null);
      rows.reload();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const properties = Object.keys((collection?.schema.properties as Record<string, unknown> | undefined) ?? {});
  const columns = [
    { title: 'id', dataIndex: 'id', width: 70 },
    ...properties.slice(0, LISTED_FIELDS).map((name) => ({
      title: name,
      dataIndex: name,
      render: (value: unknown) => cellText(value, t('yes'), t('no')),
    })),
    {
      title: '',
      dataIndex: 'actions',
      render: (_: unknown, row: CollectionRow) => (
        <span className="cc-actions">
          <Button size="small" onClick={() => open(row)} data-testid={`row-edit-${row.id}`}>
            {t('rowEdit')}
          </Button>
          <Popconfirm title={t('rowDeleteConfirm')} okText={t('rowDelete')} cancelText={t('cancel')} onConfirm={() => void remove(row)}>
            <span>
              <Button size="small" type="danger" data-testid={`row-delete-${row.id}`}>
                {t('rowDelete')}
              </Button>
            </span>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <ConsolePageGate>
      <p className="cc-breadcrumb">
        <RouteLink to={CONSOLE_CONTENT_ROUTE}>{t('contentTitle')}</RouteLink> / <code>{code}</code>
      </p>
      <h1 className="cc-title">{collection?.title ?? code}</h1>
      {error && (
        <p className="cc-error" role="alert">
          {error}
        </p>
      )}
      {collection && (
        <div className="cc-split">
          <section className="cc-card cc-split__main">
            <div className="cc-row">
              <Button theme="solid" type="primary" onClick={() => open(null)} data-testid="row-new">
                {t('rowNew')}
              </Button>
            </div>
            <PagedTable<CollectionRow> list={rows} columns={columns} />
          </section>
          {editing && (
            <section className="cc-card cc-split__side" data-testid="row-editor">
              <h2 className="cc-card__title">{editing.row ? t('rowEditTitle', { id: editing.row.id }) : t('rowNewTitle')}</h2>
              {saved && (
                <p className="cc-done" role="status">
                  {t('rowSaved')}
                </p>
              )}
              <SchemaEditor
                key={editing.key}
                id={`${code}-row`}
                schema={collection.schema as RJSFSchema}
                uiSchema={collection.uiSchema as UiSchema}
                initial={editing.row ? withoutId(editing.row) : {}}
                submitText={t('rowSave')}
                save={save}
              />
              <Button theme="borderless" onClick={() => setEditing(null)}>
                {t('close')}
              </Button>
            </section>
          )}
        </div>
      )}
    </ConsolePageGate>
  );
});

function withoutId({ id: _id, ...values }: CollectionRow): Record<string, unknown> {
  return values;
}

export default CollectionPage;
