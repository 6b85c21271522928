import type { TitleFieldProps } from '@rjsf/utils';
import { useFormText } from '../../i18n';
import { Typography } from '../semi';

/** The heading of an object or array field. */
export default function TitleField({ id, title, required, optionalDataControl }: TitleFieldProps) {
  const text = useFormText();
  return (
    <div className="rjsf-title" style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
      <Typography.Title id={id} heading={5} style={{ flex: 1, margin: 0 }}>
        {text(title)}
        {required && <span className="semi-form-field-label-required" aria-hidden="true" />}
      </Typography.Title>
      {optionalDataControl}
    </div>
  );
}
