import { helpId, type FieldHelpProps } from '@rjsf/utils';
import { useFormText } from '../../i18n';

export default function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  const text = useFormText();
  if (!help) return null;
  return (
    <div id={helpId(fieldPathId)} className="semi-form-field-help-text">
      {typeof help === 'string' ? text(help) : help}
    </div>
  );
}
