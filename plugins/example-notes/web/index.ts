import { defineWebPlugin } from '../../../core/plugin-api';
import { NOTE_FORM, NOTES_ROUTE } from './ids';
import { NOTES_STORE, NotesStore } from './notes-store';

export default defineWebPlugin({
  id: 'example-notes',
  routes: [{ name: NOTES_ROUTE, path: '/example/notes', page: () => import('./pages/NotesPage') }],
  menus: [{ id: 'example-notes.menu', slot: 'user.dropdown', order: 90, titleKey: 'example-notes:menuTitle', route: NOTES_ROUTE }],
  stores: { [NOTES_STORE]: () => new NotesStore() },
  forms: [{ id: NOTE_FORM }],
  locales: (language) => import(`../../../locales/${language}/example-notes.json`),
});
