import { Input } from '@douyinfe/semi-ui-19';
import type { Language } from '../../../../core/shared';
import { CATEGORY_TITLE_MAX, type Titles } from '../../../articles/shared/types';

/** One title per language; the site's default language is the one that must be filled. */
export function TitleFields({ titles, languages, onChange }: { titles: Titles; languages: Array<{ value: Language; label: string }>; onChange: (titles: Titles) => void }) {
  return (
    <div className="ac-titles">
      {languages.map((language) => (
        <label key={language.value} className="ac-field">
          {language.label}
          <Input
            name={`titles.${language.value}`}
            value={titles[language.value] ?? ''}
            maxLength={CATEGORY_TITLE_MAX}
            onChange={(value) => onChange({ ...titles, [language.value]: value })}
          />
        </label>
      ))}
    </div>
  );
}
