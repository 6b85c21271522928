import { errorId, type FieldErrorProps } from '@rjsf/utils';
import { IconAlertCircle } from '@douyinfe/semi-icons';

/** The field's errors, one per line, right under the field. */
export default function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const shown = errors.filter((error) => !!error);
  if (shown.length === 0) return null;
  return (
    <div id={errorId(fieldPathId)} className="semi-form-field-error-message rjsf-field-errors" role="alert">
      {shown.map((error, index) => (
        <div key={index}>
          <IconAlertCircle className="semi-form-field-validate-status-icon" />
          <span>{error}</span>
        </div>
      ))}
    </div>
  );
}
