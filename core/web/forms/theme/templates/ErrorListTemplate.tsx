import type { ErrorListProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { FORMS_NS } from '../../i18n';
import { Banner } from '../semi';

/** The summary of every error above the form after a submit. */
export default function ErrorListTemplate({ errors }: ErrorListProps) {
  const { t } = useTranslation(FORMS_NS, { useSuspense: false });
  return (
    <Banner
      className="rjsf-error-list"
      type="danger"
      fullMode={false}
      closeIcon={null}
      title={t('errorListTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {errors.map((error, index) => (
            <li key={index}>{error.stack}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
