import { Button, Input, Table, TextArea } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteLink, useRoot } from '../../../../core/web';
import { ConsolePageGate, useOperatorSession } from '../../shared/kit';
import { CONSOLE_COLLECTION_ROUTE, CONSOLE_COLLECTIONS_PATH, type Collection } from '../../shared/types';
import { messageOf } from '../console-error';
import '../console.css';

const SCHEMA_TEMPLATE = `{
  "type": "object",
  "required": ["title"],
  "properties": {
    "title": { "type": "string", "maxLength": 80 },
    "link": { "type": "string", "pattern": "^/", "maxLength": 200 },
    "sort": { "type": "integer", "minimum": 0 },
    "shown": { "type": "boolean", "default": true }
  }
}`;

type FieldErrors = Partial<Record<'code' | 'title' | 'schema', string>>;

/** Which input a server error belongs to: the code, the title, or the schema (any "schema…" field). */
function errorsOf(error: unknown): FieldErrors {
  const field = (error as { field?: string }).field ?? '';
  const message = messageOf(error);
  if (field === 'code' || field === 'title') return { [field]: message };
  return { schema: message };
}

/** Adds a collection from a code, a title and a JSON Schema; the server's verdict shows on the inputs. */
function AddCollection({ onAdded }: { onAdded(code: string): void }) {
  const session = useOperatorSession();
  const { t } = useTranslation('console-core');
  const [draft, setDraft] = useState({ code: '', title: '', schema: SCHEMA_TEMPLATE });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let schema: unknown;
    try {
      schema = JSON.parse(draft.schema);
    } catch {
      return setErrors({ schema: t('schemaNotJson') });
    }
    setErrors({});
    setSaving(true);
    try {
      await session.http.post<Collection>(CONSOLE_COLLECTIONS_PATH, { code: draft.code.trim(), title: draft.title.trim(), schema }, { silent: true });
      onAdded(draft.code.trim());
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (name: keyof FieldErrors) =>
    errors[name] && (
      <span className="cc-field__error" role="alert" data-testid={`error-${name}`}>
        {errors[name]}
      </span>
    );
  return (
    <form className="cc-add-collection" onSubmit={submit} noValidate>
      <div className="cc-row">
        <label className="cc-field">
          {t('collectionCode')}
          <Input name="code" value={draft.code} onChange={(code) => setDraft({ ...draft, code })} validateStatus={errors.code ? 'error' : 'default'} />
          <span className="cc-hint">{t('collectionCodeHint')}</span>
          {fieldError('code')}
        </label>
        <label className="cc-field">
          {t('collectionTitle')}
          <Input name="title" value={draft.title} onChange={(title) => setDraft({ ...draft, title })} validateStatus={errors.title ? 'error' : 'default'} />
          {fieldError('title')}
        </label>
      </div>
      <label className="cc-field">
        {t('collectionSchema')}
        <TextArea
          name="schema"
          className="cc-code"
          autosize={{ minRows: 8, maxRows: 24 }}
          value={draft.schema}
          onChange={(schema) => setDraft({ ...draft, schema })}
          validateStatus={errors.schema ? 'error' : 'default'}
        />
        <span className="cc-hint">{t('collectionSchemaHint')}</span>
        {fieldError('schema')}
      </label>
      <Button htmlType="submit" theme="solid" type="primary" loading={saving}>
        {t('collectionAdd')}
      </Button>
    </form>
  );
}

/** Content: every cgform collection (nav, footer, texts, dictionaries …) with its rows; a new one from a schema. */
const ContentPage = observer(function ContentPage() {
  const root = useRoot();
  const session = useOperatorSession();
  const { t } = useTranslation('console-core');
  const [collections, setCollections] = useState<Collection[] | null>(null);

  const load = useCallback(() => {
    session.http.get<Collection[]>(CONSOLE_COLLECTIONS_PATH).then(setCollections, () => undefined);
  }, [session]);
  useEffect(() => {
    if (session.isSignedIn) load();
  }, [session.isSignedIn, load]);

  const columns = [
    { title: t('collectionCode'), dataIndex: 'code', render: (code: string) => <code>{code}</code> },
    { title: t('collectionTitle'), dataIndex: 'title' },
    { title: t('collectionRows'), dataIndex: 'rowCount' },
    {
      title: '',
      dataIndex: 'open',
      render: (_: unknown, collection: Collection) => (
        <RouteLink to={CONSOLE_COLLECTION_ROUTE} params={{ code: collection.code }} data-testid={`collection-${collection.code}`}>
          {t('collectionOpen')}
        </RouteLink>
      ),
    },
  ];

  return (
    <ConsolePageGate>
      <h1 className="cc-title">{t('contentTitle')}</h1>
      <p className="cc-lead">{t('contentIntro')}</p>
      <section className="cc-card">
        <Table<Collection> rowKey="code" columns={columns} dataSource={collections ?? []} loading={collections === null} pagination={false} empty={t('empty')} />
      </section>
      <section className="cc-card">
        <h2 className="cc-card__title">{t('collectionAddTitle')}</h2>
        <AddCollection onAdded={(code) => root.navigate(root.href(CONSOLE_COLLECTION_ROUTE, { code }))} />
      </section>
    </ConsolePageGate>
  );
});

export default ContentPage;
