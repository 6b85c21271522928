import { Input } from '@douyinfe/semi-ui-19';
import { FormRow } from '../../components/FormRow';

/** A labelled password-style input with its error. */
export function SecretInput({
  id,
  label,
  value,
  onChange,
  error,
  placeholder,
  numeric,
  maxLength,
  autoComplete = 'new-password',
  extra,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  /** Digits only (the transaction password). */
  numeric?: boolean;
  maxLength: number;
  autoComplete?: string;
  extra?: React.ReactNode;
}) {
  return (
    <FormRow label={label} htmlFor={id} error={error}>
      <Input
        id={id}
        size="large"
        mode="password"
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        validateStatus={error ? 'error' : 'default'}
        onChange={(next) => onChange(numeric ? next.replace(/\D/g, '') : next)}
      />
      {extra}
    </FormRow>
  );
}
