import { IconPlus } from '@douyinfe/semi-icons';
import { Button, Modal, Table, Tag, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { KEYS_PER_MEMBER_MAX, type ApiKeyView } from '../../shared/types';
import { deleteKey, loadKeys } from '../api-keys-api';
import { CreateKeyDialog } from '../components/CreateKeyDialog';
import '../api-keys.css';

function formatTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** /account/center/api-management: the member's API keys for bots; create (secret shown once) and delete. */
export default function ApiKeysPage() {
  const root = useRoot();
  const { t, i18n } = useTranslation('api-keys');
  const [keys, setKeys] = useState<ApiKeyView[]>([]);
  const [loading, setLoading] = useState(true);
  const [creating, setCreating] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setKeys(await loadKeys(root));
    } catch {
      // the HTTP client has shown the error
    } finally {
      setLoading(false);
    }
  }, [root]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const confirmDelete = (key: ApiKeyView) => {
    Modal.confirm({
      title: t('deleteTitle', { label: key.label }),
      content: t('deleteBody'),
      okText: t('delete'),
      cancelText: t('cancel'),
      okButtonProps: { type: 'danger' },
      onOk: async () => {
        await deleteKey(root, key.id);
        Toast.success(t('deleted'));
        await reload();
      },
    });
  };

  const columns = [
    { title: t('label'), dataIndex: 'label', render: (label: string, key: ApiKeyView) => (
      <>
        <Typography.Text strong>{label}</Typography.Text>
        {key.disabled && <Tag color="grey" size="small">{t('disabled')}</Tag>}
      </>
    ) },
    { title: t('apiKey'), dataIndex: 'apiKey', render: (apiKey: string) => <span className="api-keys-key">{apiKey}</span> },
    {
      title: t('permissions'),
      dataIndex: 'permissions',
      render: (permissions: string[]) =>
        permissions.map((permission) => (
          <Tag key={permission} color={permission === 'trade' ? 'orange' : 'blue'} size="small">
            {t(`permission.${permission}`)}
          </Tag>
        )),
    },
    { title: t('ips'), dataIndex: 'ips', render: (ips: string[]) => (ips.length === 0 ? t('anyIp') : ips.join(', ')) },
    { title: t('created'), dataIndex: 'createdAt', render: (time: string) => formatTime(time, i18n.language) },
    { title: t('lastUsed'), dataIndex: 'lastUsedAt', render: (time: string | null) => (time ? formatTime(time, i18n.language) : <span className="api-keys-nowrap">{t('never')}</span>) },
    {
      title: t('actions'),
      dataIndex: 'id',
      align: 'right' as const,
      render: (_: unknown, key: ApiKeyView) => (
        <Button size="small" theme="borderless" type="danger" onClick={() => confirmDelete(key)}>
          {t('delete')}
        </Button>
      ),
    },
  ];

  return (
    <div className="api-keys-page">
      <div className="api-keys-page__head">
        <div>
          <Typography.Title heading={4}>{t('title')}</Typography.Title>
          <Typography.Paragraph type="tertiary">{t('intro', { max: KEYS_PER_MEMBER_MAX })}</Typography.Paragraph>
        </div>
        <Button theme="solid" type="primary" icon={<IconPlus />} disabled={loading || keys.length >= KEYS_PER_MEMBER_MAX} onClick={() => setCreating(true)}>
          {t('create')}
        </Button>
      </div>
      <Table rowKey="id" columns={columns} dataSource={keys} loading={loading} pagination={false} empty={t('empty')} />
      <CreateKeyDialog visible={creating} onClose={() => setCreating(false)} onCreated={() => void reload()} />
    </div>
  );
}
