import type { DescriptionFieldProps } from '@rjsf/utils';
import { useFormText } from '../../i18n';
import { Typography } from '../semi';

export default function DescriptionField({ id, description }: DescriptionFieldProps) {
  const text = useFormText();
  if (!description) return null;
  return (
    <div id={id} className="rjsf-description">
      <Typography.Text type="tertiary" size="small">
        {typeof description === 'string' ? text(description) : description}
      </Typography.Text>
    </div>
  );
}
