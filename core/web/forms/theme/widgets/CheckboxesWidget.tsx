import { ariaDescribedByIds, enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';
import { useFormText } from '../../i18n';
import { CheckboxGroup } from '../semi';

/** A group of checkboxes for an array of unique enum values. */
export default function CheckboxesWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, options, onChange, onBlur, onFocus } = props;
  const text = useFormText();
  const { enumOptions = [], enumDisabled, inline, emptyValue } = options;
  const selected = (enumOptionsIndexForValue(value, enumOptions, true) as string[] | undefined) ?? [];
  return (
    <div onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}>
      <CheckboxGroup
        id={id}
        direction={inline ? 'horizontal' : 'vertical'}
        disabled={disabled || readonly}
        value={selected}
        aria-describedby={ariaDescribedByIds(id)}
        options={enumOptions.map((option, index) => ({
          value: String(index),
          label: text(option.label) ?? String(option.value),
          disabled: Array.isArray(enumDisabled) && enumDisabled.includes(option.value),
        }))}
        // In the enum's order, not the order of the clicks.
        onChange={(indexes: string[]) =>
          onChange(enumOptionsValueForIndex([...indexes].sort((a, b) => Number(a) - Number(b)), enumOptions, emptyValue))
        }
      />
    </div>
  );
}
