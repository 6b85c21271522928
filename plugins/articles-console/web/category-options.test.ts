import { describe, expect, it } from 'vitest';
import { categoryFilterOptions, sectionOptions } from './category-options';

const TREE = [
  { id: 1, parentId: null, sort: 0, titles: { en: 'Account', de: 'Konto' }, sections: [{ id: 2, parentId: 1, sort: 0, titles: { en: 'Security' } }] },
  { id: 3, parentId: null, sort: 1, titles: { en: 'Deposits' }, sections: [] },
];

describe('category options', () => {
  it('offers every section under its category, in the console language with the site language as fallback', () => {
    expect(sectionOptions(TREE, 'de', 'en')).toEqual([{ value: 2, label: 'Konto › Security' }]);
  });

  it('filters by a category or a section', () => {
    expect(categoryFilterOptions(TREE, 'en', 'en').map((option) => option.label)).toEqual(['Account', 'Account › Security', 'Deposits']);
  });
});
