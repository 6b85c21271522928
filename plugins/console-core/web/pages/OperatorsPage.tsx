import { Button, Input, Popconfirm, Select } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES } from '../../../../core/plugin-api';
import { PageSpinner } from '../../../../core/web';
import { CONSOLE_OPERATORS_PATH } from '../../shared/types';
import { messageOf } from '../console-error';
import { useOperator } from '../use-operator';
import '../console.css';

interface OperatorRow {
  id: string;
  username: string;
  role: string;
  disabled: boolean;
  totpBound: boolean;
  createdAt: string;
}

/** Operators: the list, adding one with a role and an initial password, changing a role, disabling, resetting TOTP. */
const OperatorsPage = observer(function OperatorsPage() {
  const store = useOperator();
  const { t } = useTranslation('console-core');
  const [rows, setRows] = useState<OperatorRow[] | null>(null);
  const [error, setError] = useState('');
  const [draft, setDraft] = useState({ username: '', role: 'support', password: '' });
  const roleOptions = OPERATOR_ROLES.map((role) => ({ value: role, label: t(`role_${role}`) }));

  const load = useCallback(async () => {
    try {
      setRows(await store.http.get<OperatorRow[]>(CONSOLE_OPERATORS_PATH, { silent: true }));
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [store]);
  useEffect(() => {
    if (store.isSignedIn) void load();
  }, [store.isSignedIn, load]);

  const run = async (call: () => Promise<unknown>) => {
    setError('');
    try {
      await call();
      await load();
      return true;
    } catch (failure) {
      setError(messageOf(failure));
      return false;
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => store.http.post(CONSOLE_OPERATORS_PATH, draft, { silent: true }))) setDraft({ username: '', role: draft.role, password: '' });
  };
  const update = (row: OperatorRow, change: { role?: string; disabled?: boolean }) =>
    run(() => store.http.post(`${CONSOLE_OPERATORS_PATH}/${row.id}`, change, { silent: true }));
  const resetTotp = (row: OperatorRow) => run(() => store.http.post(`${CONSOLE_OPERATORS_PATH}/${row.id}/totp-reset`, {}, { silent: true }));

  if (!store.hydrated || !store.isSignedIn) return <PageSpinner />;
  return (
    <>
      <h1 className="cc-title">{t('operatorsTitle')}</h1>
      {error && <p className="cc-error" role="alert">{error}</p>}
      <section className="cc-card">
        <h2 className="cc-card__title">{t('operatorAdd')}</h2>
        <form className="cc-row" onSubmit={add} noValidate>
          <label className="cc-field">
            {t('username')}
            <Input name="username" value={draft.username} onChange={(username) => setDraft({ ...draft, username })} />
          </label>
          <label className="cc-field">
            {t('role')}
            <Select aria-label={t('role')} optionList={roleOptions} value={draft.role} onChange={(role) => setDraft({ ...draft, role: String(role) })} />
          </label>
          <label className="cc-field">
            {t('initialPassword')}
            <Input name="password" type="password" autoComplete="new-password" value={draft.password} onChange={(password) => setDraft({ ...draft, password })} />
          </label>
          <Button htmlType="submit" theme="solid" type="primary">
            {t('operatorAddButton')}
          </Button>
        </form>
      </section>
      <section className="cc-card">
        {rows === null ? (
          <PageSpinner />
        ) : (
          <table className="cc-table">
            <thead>
              <tr>
                <th>{t('username')}</th>
                <th>{t('role')}</th>
                <th>{t('totpColumn')}</th>
                <th>{t('statusColumn')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid={`operator-${row.username}`}>
                  <td>{row.username}</td>
                  <td>
                    <Select aria-label={t('role')} size="small" optionList={roleOptions} value={row.role} onChange={(role) => void update(row, { role: String(role) })} />
                  </td>
                  <td>{row.totpBound ? t('yes') : t('no')}</td>
                  <td>{row.disabled ? t('operatorDisabled') : t('operatorActive')}</td>
                  <td className="cc-actions">
                    <Button size="small" type={row.disabled ? 'primary' : 'danger'} onClick={() => void update(row, { disabled: !row.disabled })}>
                      {row.disabled ? t('operatorEnable') : t('operatorDisable')}
                    </Button>
                    {row.totpBound && row.id !== store.operator?.id && (
                      <Popconfirm
                        title={t('totpResetConfirm', { username: row.username })}
                        content={t('totpResetExplain')}
                        okText={t('totpReset')}
                        cancelText={t('cancel')}
                        onConfirm={() => void resetTotp(row)}
                      >
                        <span>
                          <Button size="small" type="warning">
                            {t('totpReset')}
                          </Button>
                        </span>
                      </Popconfirm>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
});

export default OperatorsPage;
