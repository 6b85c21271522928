export const NOTES_ROUTE = 'example-notes.page';
export const NOTE_FORM = 'example-notes.note';
