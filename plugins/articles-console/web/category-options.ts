import type { Language } from '../../../core/shared';
import { pickText, type ConsoleCategory } from '../../articles/shared/types';

export interface Option {
  value: number;
  label: string;
}

/** "Category › Section" for every section: where an article can be filed. */
export function sectionOptions(tree: ConsoleCategory[], language: Language, fallback: Language): Option[] {
  return tree.flatMap((category) =>
    (category.sections ?? []).map((section) => ({
      value: section.id,
      label: `${pickText(category.titles, language, fallback)} › ${pickText(section.titles, language, fallback)}`,
    })),
  );
}

/** Categories and their sections, for the list filter. */
export function categoryFilterOptions(tree: ConsoleCategory[], language: Language, fallback: Language): Option[] {
  return tree.flatMap((category) => [
    { value: category.id, label: pickText(category.titles, language, fallback) },
    ...sectionOptions([category], language, fallback),
  ]);
}
