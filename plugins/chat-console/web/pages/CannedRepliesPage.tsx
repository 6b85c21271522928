import { Button, Input, Modal, Popconfirm, TextArea, Toast } from '@douyinfe/semi-ui-19';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageGate, formatTime, useOperatorSession } from '../../../console-core/shared/kit';
import { CHAT_MESSAGE_MAX } from '../../../../core/shared';
import { CANNED_TITLE_MAX, type CannedReply, type CannedReplyBody } from '../../../chat/shared/types';
import { deskApi } from '../desk-api';
import '../chat-console.css';

/** The reply being written: a new one (id null) or an existing one. */
interface Draft extends CannedReplyBody {
  id: number | null;
}

function CannedReplies() {
  const { t } = useTranslation('chat-console');
  const session = useOperatorSession();
  const api = useMemo(() => deskApi(session.http), [session]);
  const canEdit = session.can('chat.reply');
  const [replies, setReplies] = useState<CannedReply[]>([]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const load = useCallback(() => api.canned().then(setReplies, () => undefined), [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      const body = { title: draft.title, content: draft.content };
      await (draft.id === null ? api.createCanned(body) : api.updateCanned(draft.id, body));
      Toast.success(t('cannedSaved'));
      setDraft(null);
      await load();
    } catch {
      // the client showed the message
    } finally {
      setSaving(false);
    }
  };
  const remove = async (id: number) => {
    try {
      await api.deleteCanned(id);
      await load();
    } catch {
      // the client showed the message
    }
  };

  return (
    <>
      <h1 className="cc-title">{t('cannedTitle')}</h1>
      <p className="cc-lead">{t('cannedLead')}</p>
      {canEdit && (
        <div className="cc-row">
          <Button theme="solid" onClick={() => setDraft({ id: null, title: '', content: '' })}>
            {t('cannedNew')}
          </Button>
        </div>
      )}
      <table className="cc-table" data-testid="chat-canned-list">
        <thead>
          <tr>
            <th>{t('cannedName')}</th>
            <th>{t('cannedText')}</th>
            <th>{t('updatedAt')}</th>
            {canEdit && <th />}
          </tr>
        </thead>
        <tbody>
          {replies.length === 0 && (
            <tr>
              <td colSpan={4} className="chc-muted">
                {t('cannedNone')}
              </td>
            </tr>
          )}
          {replies.map((reply) => (
            <tr key={reply.id}>
              <td>{reply.title}</td>
              <td className="chc-canned__text">{reply.content}</td>
              <td>{formatTime(reply.updatedAt)}</td>
              {canEdit && (
                <td className="cc-actions">
                  <Button theme="borderless" onClick={() => setDraft({ id: reply.id, title: reply.title, content: reply.content })}>
                    {t('edit')}
                  </Button>
                  <Popconfirm title={t('cannedDeleteConfirm')} onConfirm={() => void remove(reply.id)}>
                    <span>
                      <Button theme="borderless" type="danger">
                        {t('delete')}
                      </Button>
                    </span>
                  </Popconfirm>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <Modal
        visible={draft !== null}
        title={draft?.id === null ? t('cannedNew') : t('cannedEdit')}
        onCancel={() => setDraft(null)}
        onOk={() => void save()}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={saving}
      >
        {draft && (
          <div className="chc-form">
            <label className="cc-field">
              {t('cannedName')}
              <Input value={draft.title} maxLength={CANNED_TITLE_MAX} onChange={(title) => setDraft({ ...draft, title })} />
            </label>
            <label className="cc-field">
              {t('cannedText')}
              <TextArea value={draft.content} maxCount={CHAT_MESSAGE_MAX} rows={4} onChange={(content) => setDraft({ ...draft, content })} />
            </label>
          </div>
        )}
      </Modal>
    </>
  );
}

export default function CannedRepliesPage() {
  return (
    <ConsolePageGate>
      <CannedReplies />
    </ConsolePageGate>
  );
}
