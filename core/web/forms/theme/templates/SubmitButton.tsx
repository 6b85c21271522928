import { getUiOptions, type SubmitButtonProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { FORMS_NS, useFormText } from '../../i18n';
import { Button } from '../semi';

/** The submit button; its text is ui:submitButtonOptions.submitText (text or i18n key) or "Submit". */
export default function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { t } = useTranslation(FORMS_NS, { useSuspense: false });
  const text = useFormText();
  const options = getUiOptions(uiSchema).submitButtonOptions;
  if (options?.norender) return null;
  return (
    <div className="rjsf-submit" style={{ marginTop: 16 }}>
      <Button htmlType="submit" type="primary" theme="solid" {...options?.props}>
        {text(options?.submitText) || t('submit')}
      </Button>
    </div>
  );
}
