import { Button, Input } from '@douyinfe/semi-ui-19';
import { normalizeNumericInput } from '../../../../core/shared';

/**
 * An amount field: what is typed is cleaned by the numeric input rules (digits and one point, truncated to
 * the currency's `scale`); `fillLabel` adds a button that fills in `fillValue` (max / all).
 */
export function AmountInput({
  id,
  value,
  scale,
  onChange,
  placeholder,
  suffix,
  fillLabel,
  fillValue,
  invalid,
}: {
  id: string;
  value: string;
  scale: number;
  onChange: (value: string) => void;
  placeholder?: string;
  suffix?: string;
  fillLabel?: string;
  fillValue?: string;
  invalid?: boolean;
}) {
  return (
    <Input
      id={id}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      validateStatus={invalid ? 'error' : 'default'}
      onChange={(text) => onChange(normalizeNumericInput(text, scale))}
      suffix={
        <span className="wallet-amount__suffix">
          {suffix ? <span className="wallet-amount__unit">{suffix}</span> : null}
          {fillLabel && fillValue !== undefined ? (
            <Button size="small" theme="borderless" type="primary" onClick={() => onChange(normalizeNumericInput(fillValue, scale))}>
              {fillLabel}
            </Button>
          ) : null}
        </span>
      }
    />
  );
}
