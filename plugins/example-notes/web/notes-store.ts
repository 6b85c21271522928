import { action, makeObservable, observable } from 'mobx';

export const NOTES_STORE = 'example-notes';
export const NOTE_PRIORITIES = ['low', 'normal', 'high'] as const;
export type NotePriority = (typeof NOTE_PRIORITIES)[number];

/** What the form "example-notes.note" submits. */
export interface NoteInput {
  title: string;
  body?: string;
  priority?: NotePriority;
  remind?: boolean;
}

export interface Note {
  id: number;
  title: string;
  body: string;
  priority: NotePriority;
  remind: boolean;
  createdAt: Date;
}

/** Notes kept in memory for the session of the page; nothing is sent to a server. */
export class NotesStore {
  notes: Note[] = [];
  private nextId = 1;

  constructor(private readonly now: () => Date = () => new Date()) {
    makeObservable(this, { notes: observable, add: action, remove: action });
  }

  /** Adds a note at the top of the list; the form has validated it, the store only trims and defaults. */
  add(input: NoteInput): Note {
    const title = input.title.trim();
    if (!title) throw new Error('a note needs a title');
    const note: Note = {
      id: this.nextId++,
      title,
      body: (input.body ?? '').trim(),
      priority: input.priority && NOTE_PRIORITIES.includes(input.priority) ? input.priority : 'normal',
      remind: input.remind === true,
      createdAt: this.now(),
    };
    this.notes.unshift(note);
    return note;
  }

  remove(id: number): void {
    this.notes = this.notes.filter((note) => note.id !== id);
  }
}
