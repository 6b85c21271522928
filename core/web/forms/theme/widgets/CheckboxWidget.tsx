import { ariaDescribedByIds, getTemplate, labelValue, schemaRequiresTrueValue, type WidgetProps } from '@rjsf/utils';
import { useFormText } from '../../i18n';
import { Checkbox } from '../semi';

/** One checkbox for a boolean; it carries the field's label itself. */
export default function CheckboxWidget(props: WidgetProps) {
  const { id, value, label, hideLabel, disabled, readonly, autofocus, schema, uiSchema, registry, options } = props;
  const { onChange, onBlur, onFocus } = props;
  const text = useFormText();
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  // A schema with `const: true` (an "I agree" box) counts as required.
  const required = schemaRequiresTrueValue(schema);
  const description = options.description ?? schema.description;
  return (
    <div className="rjsf-checkbox" onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}>
      {!hideLabel && description && (
        <DescriptionFieldTemplate id={`${id}__description`} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />
      )}
      <Checkbox
        id={id}
        checked={value === true}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(Boolean(event.target.checked))}
      >
        {labelValue(text(label), hideLabel, '')}
        {required && !hideLabel ? <span className="semi-form-field-label-required" /> : null}
      </Checkbox>
    </div>
  );
}
