import { LANGUAGES, type Language } from '../../../core/shared';

/** The seven interface languages with the names the server's language list gives them (the code otherwise). */
export function languageOptions(items: ReadonlyArray<{ value: string; label: string }>): Array<{ value: Language; label: string }> {
  return LANGUAGES.map((language) => ({ value: language, label: items.find((item) => item.value === language)?.label ?? language }));
}
