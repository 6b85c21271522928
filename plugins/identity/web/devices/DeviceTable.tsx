import { Button, Input, Modal, Table, Tag, Toast, Typography } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import type { LoginDevice } from '../../shared/types';
import { DEVICE_NAME_MAX, deviceLabel, deviceNameProblem } from './device-label';
import { removeDevice, renameDevice } from './devices-api';
import { formatTime } from './format-time';

/** The member's devices: rename in place, remove (after a confirmation) any but the current one. */
export function DeviceTable({ devices, loading, onChanged }: { devices: LoginDevice[]; loading: boolean; onChanged: () => void }) {
  const root = useRoot();
  const { t, i18n } = useTranslation('identity');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const problem = editing ? deviceNameProblem(editing.name) : null;

  const save = async () => {
    if (!editing || problem) return;
    setSaving(true);
    try {
      await renameDevice(root, editing.id, editing.name.trim());
      Toast.success(t('devices.renamed'));
      setEditing(null);
      onChanged();
    } catch {
      // the HTTP client has shown the error
    } finally {
      setSaving(false);
    }
  };

  const confirmRemove = (device: LoginDevice) => {
    Modal.confirm({
      title: t('devices.removeTitle', { name: deviceLabel(device, (id) => t('devices.unnamed', { id })) }),
      content: t('devices.removeBody'),
      okText: t('devices.remove'),
      cancelText: t('devices.cancel'),
      okButtonProps: { type: 'danger' },
      onOk: async () => {
        await removeDevice(root, device.id);
        Toast.success(t('devices.removed'));
        onChanged();
      },
    });
  };

  const columns = [
    {
      title: t('devices.name'),
      dataIndex: 'name',
      render: (_: unknown, device: LoginDevice) => (
        <div className="id-device__name">
          <Typography.Text strong>{deviceLabel(device, (id) => t('devices.unnamed', { id }))}</Typography.Text>
          {device.current && (
            <Tag color="green" size="small" className="id-device__tag">
              {t('devices.thisDevice')}
            </Tag>
          )}
        </div>
      ),
    },
    { title: t('devices.ip'), dataIndex: 'last_ip', render: (ip: string | null) => ip ?? '—' },
    { title: t('devices.lastSeen'), dataIndex: 'last_seen_at', render: (time: string) => formatTime(time, i18n.language) },
    { title: t('devices.firstSeen'), dataIndex: 'created_at', render: (time: string) => formatTime(time, i18n.language) },
    {
      title: t('devices.actions'),
      dataIndex: 'id',
      align: 'right' as const,
      render: (_: unknown, device: LoginDevice) => (
        <div className="id-device__actions">
          <Button size="small" theme="borderless" onClick={() => setEditing({ id: device.id, name: device.name ?? '' })}>
            {t('devices.rename')}
          </Button>
          {device.current ? (
            <Typography.Text type="tertiary" size="small">
              {t('devices.currentHint')}
            </Typography.Text>
          ) : (
            <Button size="small" theme="borderless" type="danger" onClick={() => confirmRemove(device)}>
              {t('devices.remove')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <Table rowKey="id" columns={columns} dataSource={devices} loading={loading} pagination={false} empty={t('devices.empty')} />
      <Modal
        title={t('devices.renameTitle')}
        visible={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText={t('devices.save')}
        cancelText={t('devices.cancel')}
        okButtonProps={{ disabled: problem !== null, loading: saving }}
      >
        <Input
          autoFocus
          value={editing?.name ?? ''}
          maxLength={DEVICE_NAME_MAX}
          placeholder={t('devices.namePlaceholder', { max: DEVICE_NAME_MAX })}
          aria-label={t('devices.name')}
          onChange={(name) => setEditing((current) => (current ? { ...current, name } : current))}
          onEnterPress={save}
        />
        {problem === 'tooLong' && <Typography.Text type="danger">{t('devices.nameInvalid', { max: DEVICE_NAME_MAX })}</Typography.Text>}
      </Modal>
    </>
  );
}
