import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteLink, SchemaForm, useRoot } from '../../../../core/web';
import { NoteList } from '../components/NoteList';
import { NOTE_FORM } from '../ids';
import { NOTES_STORE, type NoteInput, type NotesStore } from '../notes-store';
import '../notes.css';

/** /example/notes: a schema form that adds notes to the plugin's store, and the list of notes. */
const NotesPage = observer(function NotesPage() {
  const { t } = useTranslation('example-notes');
  const store = useRoot().store<NotesStore>(NOTES_STORE);
  // A new key gives an empty form after each note.
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="xn-page">
      <nav className="xn-crumbs" aria-label={t('breadcrumb')}>
        <RouteLink to="home.index">{t('home')}</RouteLink> / {t('pageTitle')}
      </nav>
      <h1 className="xn-title">{t('pageTitle')}</h1>
      <section className="xn-card">
        <h2 className="xn-card__title">{t('addTitle')}</h2>
        <SchemaForm<NoteInput>
          key={formKey}
          formId={NOTE_FORM}
          submitText="example-notes:add"
          onSubmit={(data) => {
            store.add(data);
            setFormKey((key) => key + 1);
          }}
        />
      </section>
      <section className="xn-card">
        <h2 className="xn-card__title">{t('listTitle')}</h2>
        <NoteList store={store} />
      </section>
    </div>
  );
});

export default NotesPage;
