import { Button, Input, Modal, Select, SideSheet, Toast } from '@douyinfe/semi-ui-19';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberStatus } from '../../../identity/shared/service';
import type { ConsoleMember, ConsoleMemberDetail } from '../../shared/types';
import { ConsolePageGate, PagedTable, StatusTag, formatTime, usePaged } from '../../../console-core/shared/kit';
import { useConsole } from '../use-console';
import '../identity-console.css';

function contactOf(member: ConsoleMember): string {
  return member.phone ? `+${member.areaCode ?? ''} ${member.phone}` : '–';
}

function MemberDrawer({ id, onClose, onChanged }: { id: string | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('identity-console');
  const { api } = useConsole();
  const [detail, setDetail] = useState<ConsoleMemberDetail | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setDetail(null);
    if (id) api.member(id).then(setDetail, () => undefined);
  }, [api, id]);

  const toggle = async () => {
    if (!detail) return;
    const freeze = detail.member.status === 'active';
    setBusy(true);
    try {
      const member = await api.setFrozen(detail.member.id, freeze);
      setDetail({ ...detail, member });
      Toast.success(t(freeze ? 'memberFrozen' : 'memberUnfrozen'));
      onChanged();
    } catch {
      // the client showed the message
    } finally {
      setBusy(false);
    }
  };

  const member = detail?.member;
  return (
    <SideSheet visible={id !== null} onCancel={onClose} closeOnEsc title={t('memberTitle')} width={420}>
      {member && (
        <div data-testid="member-detail">
          <dl className="ic-facts">
            <dt>{t('uid')}</dt>
            <dd>{member.uid}</dd>
            <dt>{t('email')}</dt>
            <dd>{member.email ?? '–'}</dd>
            <dt>{t('phone')}</dt>
            <dd>{contactOf(member)}</dd>
            <dt>{t('statusLabel')}</dt>
            <dd>
              <StatusTag namespace="identity-console" value={member.status} />
            </dd>
            <dt>{t('kycLabel')}</dt>
            <dd>{detail.kyc ? <StatusTag namespace="identity-console" value={detail.kyc.status} /> : t('kycNone')}</dd>
            <dt>{t('inviteCode')}</dt>
            <dd>{member.inviteCode}</dd>
            <dt>{t('createdAt')}</dt>
            <dd>{formatTime(member.createdAt)}</dd>
          </dl>
          <Button
            type={member.status === 'active' ? 'danger' : 'primary'}
            loading={busy}
            onClick={() =>
              Modal.confirm({
                title: t(member.status === 'active' ? 'freezeConfirm' : 'unfreezeConfirm'),
                okText: t('confirm'),
                cancelText: t('cancel'),
                onOk: () => toggle(),
              })
            }
          >
            {t(member.status === 'active' ? 'freeze' : 'unfreeze')}
          </Button>
        </div>
      )}
    </SideSheet>
  );
}

function Members() {
  const { t } = useTranslation('identity-console');
  const { api } = useConsole();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<{ search: string; status?: MemberStatus }>({ search: '' });
  const [open, setOpen] = useState<string | null>(null);
  const fetchPage = useCallback((page: number) => api.members({ ...filter, page }), [api, filter]);
  const list = usePaged(fetchPage, true);

  const columns = [
    { title: t('uid'), dataIndex: 'uid' },
    { title: t('email'), dataIndex: 'email', render: (value: string | null) => value ?? '–' },
    { title: t('phone'), render: (_: unknown, member: ConsoleMember) => contactOf(member) },
    { title: t('statusLabel'), dataIndex: 'status', render: (value: string) => <StatusTag namespace="identity-console" value={value} /> },
    { title: t('createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      title: '',
      render: (_: unknown, member: ConsoleMember) => (
        <Button theme="borderless" onClick={() => setOpen(member.id)}>
          {t('details')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <h1 className="ic-title">{t('membersTitle')}</h1>
      <form
        className="ic-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter((previous) => ({ ...previous, search: search.trim() }));
        }}
      >
        <Input value={search} onChange={setSearch} placeholder={t('searchMembers')} aria-label={t('searchMembers')} showClear />
        <Select
          value={filter.status}
          onChange={(value) => setFilter((previous) => ({ ...previous, status: (value as MemberStatus | undefined) || undefined }))}
          placeholder={t('allStatuses')}
          showClear
          optionList={(['active', 'frozen'] as const).map((value) => ({ value, label: t(`status.${value}`) }))}
          style={{ width: 160 }}
        />
        <Button htmlType="submit" type="primary">
          {t('search')}
        </Button>
      </form>
      <PagedTable<ConsoleMember> list={list} columns={columns} />
      <MemberDrawer id={open} onClose={() => setOpen(null)} onChanged={list.reload} />
    </>
  );
}

export default function MembersPage() {
  return (
    <ConsolePageGate>
      <Members />
    </ConsolePageGate>
  );
}
