import { Button, Tag } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { NotePriority, NotesStore } from '../notes-store';

const PRIORITY_COLOR: Record<NotePriority, 'grey' | 'blue' | 'red'> = { low: 'grey', normal: 'blue', high: 'red' };
const PRIORITY_KEY: Record<NotePriority, string> = { low: 'form.priorityLow', normal: 'form.priorityNormal', high: 'form.priorityHigh' };

export const NoteList = observer(function NoteList({ store }: { store: NotesStore }) {
  const { t } = useTranslation('example-notes');
  if (store.notes.length === 0) return <p className="xn-empty">{t('empty')}</p>;
  return (
    <ul className="xn-list" aria-label={t('listTitle')}>
      {store.notes.map((note) => (
        <li className="xn-note" key={note.id} data-note={note.id}>
          <span className="xn-note__title">
            {note.title}
            <Tag color={PRIORITY_COLOR[note.priority]} size="small">
              {t(PRIORITY_KEY[note.priority])}
            </Tag>
            {note.remind && <Tag size="small">{t('remindTag')}</Tag>}
          </span>
          <Button size="small" theme="borderless" type="danger" onClick={() => store.remove(note.id)}>
            {t('remove')}
          </Button>
          {note.body && <p className="xn-note__body">{note.body}</p>}
        </li>
      ))}
    </ul>
  );
});
