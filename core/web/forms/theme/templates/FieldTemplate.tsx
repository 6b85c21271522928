import { getTemplate, getUiOptions, type FieldTemplateProps } from '@rjsf/utils';
import { useFormText } from '../../i18n';
import { Label } from '../semi';

/** One field: label (with the required mark), description, the widget, its errors under it, then help. */
export default function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, classNames, style } = props;
  const { registry, uiSchema, rawErrors, hideError } = props;
  const text = useFormText();
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>;

  const hasErrors = !hideError && !!rawErrors && rawErrors.length > 0;
  const showLabel = displayLabel && uiOptions.widget !== 'checkbox' && !!label;
  return (
    <WrapIfAdditionalTemplate {...props}>
      <div
        className={['semi-form-field', 'rjsf-field', hasErrors ? 'semi-form-field-error' : '', classNames ?? ''].join(' ').trim()}
        style={style as React.CSSProperties | undefined}
      >
        {showLabel && <Label name={id} text={text(label)} required={required} />}
        {displayLabel && description}
        {children}
        {errors}
        {help}
      </div>
    </WrapIfAdditionalTemplate>
  );
}
