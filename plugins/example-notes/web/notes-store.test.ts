import { describe, expect, it } from 'vitest';
import { NotesStore } from './notes-store';

describe('NotesStore', () => {
  it('adds notes newest first with trimmed texts and defaults', () => {
    const at = new Date('2025-03-01T10:00:00Z');
    const store = new NotesStore(() => at);
    store.add({ title: '  Buy BTC  ' });
    store.add({ title: 'Check funding', body: ' rates ', priority: 'high', remind: true });
    expect(store.notes).toEqual([
      { id: 2, title: 'Check funding', body: 'rates', priority: 'high', remind: true, createdAt: at },
      { id: 1, title: 'Buy BTC', body: '', priority: 'normal', remind: false, createdAt: at },
    ]);
  });

  it('refuses a note without a title and removes notes by id', () => {
    const store = new NotesStore();
    expect(() => store.add({ title: '   ' })).toThrow(/title/);
    const note = store.add({ title: 'a' });
    store.add({ title: 'b' });
    store.remove(note.id);
    expect(store.notes.map((entry) => entry.title)).toEqual(['b']);
  });
});
