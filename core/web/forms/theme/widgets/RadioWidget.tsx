import { ariaDescribedByIds, enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';
import { useFormText } from '../../i18n';
import { Radio, RadioGroup } from '../semi';

/** Radio buttons for an enum (or a boolean with ui:widget "radio"). */
export default function RadioWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, onChange, onBlur, onFocus } = props;
  const text = useFormText();
  const { enumOptions = [], enumDisabled, inline, emptyValue } = options;
  const selected = enumOptionsIndexForValue(value, enumOptions) as string | undefined;
  return (
    <div onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}>
      <RadioGroup
        id={id}
        name={id}
        direction={inline ? 'horizontal' : 'vertical'}
        disabled={disabled || readonly}
        value={selected}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(enumOptionsValueForIndex(String(event.target.value), enumOptions, emptyValue))}
      >
        {enumOptions.map((option, index) => (
          <Radio
            key={index}
            value={String(index)}
            disabled={Array.isArray(enumDisabled) && enumDisabled.includes(option.value)}
          >
            {text(option.label) ?? String(option.value)}
          </Radio>
        ))}
      </RadioGroup>
    </div>
  );
}
