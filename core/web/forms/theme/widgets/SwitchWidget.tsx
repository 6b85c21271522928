import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useFormText } from '../../i18n';
import { Switch } from '../semi';

/** A switch for a boolean: uiSchema { "ui:widget": "switch" }. The field template shows the label. */
export default function SwitchWidget(props: WidgetProps) {
  const { id, value, label, disabled, readonly, onChange, onBlur, onFocus } = props;
  const text = useFormText();
  return (
    <span onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)}>
      <Switch
        id={id}
        checked={value === true}
        disabled={disabled || readonly}
        aria-label={text(label)}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(checked: boolean) => onChange(checked)}
      />
    </span>
  );
}
