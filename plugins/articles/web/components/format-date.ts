/** A date in the user's language ("12 March 2026"); the raw text when it is not a date. */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(language, { year: 'numeric', month: 'long', day: 'numeric' });
}
