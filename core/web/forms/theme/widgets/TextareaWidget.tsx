import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useFormText } from '../../i18n';
import { TextArea } from '../semi';

/** A multi-line text; shows a counter when the schema limits the length. */
export default function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, placeholder, disabled, readonly, autofocus, options, schema, rawErrors, hideError } = props;
  const { onChange, onBlur, onFocus } = props;
  const text = useFormText();
  return (
    <TextArea
      id={id}
      name={htmlName ?? id}
      value={value ?? ''}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      maxCount={schema.maxLength}
      showCounter={schema.maxLength !== undefined}
      placeholder={text(placeholder)}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      validateStatus={!hideError && rawErrors && rawErrors.length > 0 ? 'error' : 'default'}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(next: string) => onChange(next === '' ? options.emptyValue : next)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
