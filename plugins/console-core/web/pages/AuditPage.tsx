import { Button, Input } from '@douyinfe/semi-ui-19';
import type { AuditRecord } from '../../../../core/plugin-api';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../core/shared';
import { PageSpinner } from '../../../../core/web';
import { CONSOLE_AUDIT_PATH } from '../../shared/types';
import { messageOf } from '../console-error';
import { useOperator } from '../use-operator';
import '../console.css';

interface Filters {
  operator: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

const PAGE_SIZE = 20;

/** datetime-local value (local time) → ISO string for the API. */
function isoOf(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function queryOf(filters: Filters, page: number): string {
  const params = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
  if (filters.operator.trim()) params.set('operator', filters.operator.trim());
  if (filters.action.trim()) params.set('action', filters.action.trim());
  if (filters.target.trim()) params.set('target', filters.target.trim());
  const from = isoOf(filters.from);
  const to = isoOf(filters.to);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params.toString();
}

const change = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The audit log: who did what to what, before and after, when and from where; filtered and paged, newest first. */
const AuditPage = observer(function AuditPage() {
  const store = useOperator();
  const { t } = useTranslation('console-core');
  const [draft, setDraft] = useState<Filters>({ operator: '', action: '', target: '', from: '', to: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<Page<AuditRecord> | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    setError('');
    try {
      setResult(await store.http.get<Page<AuditRecord>>(`${CONSOLE_AUDIT_PATH}?${queryOf(filters, page)}`, { silent: true }));
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [store, filters, page]);
  useEffect(() => {
    if (store.isSignedIn) void load();
  }, [store.isSignedIn, load]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setFilters(draft);
  };

  if (!store.hydrated || !store.isSignedIn) return <PageSpinner />;
  return (
    <>
      <h1 className="cc-title">{t('auditTitle')}</h1>
      <section className="cc-card">
        <form className="cc-row" onSubmit={search} noValidate>
          <label className="cc-field">
            {t('auditOperator')}
            <Input name="operator" value={draft.operator} onChange={(operator) => setDraft({ ...draft, operator })} />
          </label>
          <label className="cc-field">
            {t('auditAction')}
            <Input name="action" value={draft.action} onChange={(action) => setDraft({ ...draft, action })} />
          </label>
          <label className="cc-field">
            {t('auditTarget')}
            <Input name="target" value={draft.target} onChange={(target) => setDraft({ ...draft, target })} />
          </label>
          <label className="cc-field">
            {t('auditFrom')}
            <Input name="from" type="datetime-local" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
          </label>
          <label className="cc-field">
            {t('auditTo')}
            <Input name="to" type="datetime-local" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
          </label>
          <Button htmlType="submit" theme="solid" type="primary">
            {t('search')}
          </Button>
        </form>
        {error && <p className="cc-error" role="alert">{error}</p>}
        {result === null ? (
          <PageSpinner />
        ) : (
          <>
            <table className="cc-table" data-testid="audit-table">
              <thead>
                <tr>
                  <th>{t('auditTime')}</th>
                  <th>{t('auditOperator')}</th>
                  <th>{t('auditAction')}</th>
                  <th>{t('auditTarget')}</th>
                  <th>{t('auditBefore')}</th>
                  <th>{t('auditAfter')}</th>
                  <th>{t('auditIp')}</th>
                </tr>
              </thead>
              <tbody>
                {result.records.map((record) => (
                  <tr key={record.id}>
                    <td>{new Date(record.createdAt).toLocaleString()}</td>
                    <td>{record.operatorName ?? record.operatorId ?? '–'}</td>
                    <td>{record.action}</td>
                    <td>{record.target}</td>
                    <td><code>{change(record.before)}</code></td>
                    <td><code>{change(record.after)}</code></td>
                    <td>{record.ip}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="cc-pager">
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('previous')}
              </Button>
              <span>{t('pageOf', { current: result.current, pages: Math.max(result.pages, 1), total: result.total })}</span>
              <Button disabled={page >= result.pages} onClick={() => setPage(page + 1)}>
                {t('next')}
              </Button>
            </div>
          </>
        )}
      </section>
    </>
  );
});

export default AuditPage;
