import { Input } from '@douyinfe/semi-ui-19';
import { FormRow } from '../../components/FormRow';
import { SendCodeButton } from '../../components/SendCodeButton';

/** A six-digit code input with its send button (60 s countdown after a code went out). */
export function CodeField({
  id,
  label,
  value,
  onChange,
  error,
  onSend,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Sends the code; the seconds until another may be sent, or null when none went out. */
  onSend?: () => Promise<number | null>;
  placeholder?: string;
}) {
  const input = (
    <Input
      id={id}
      size="large"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={placeholder}
      value={value}
      validateStatus={error ? 'error' : 'default'}
      onChange={(next) => onChange(next.replace(/\D/g, ''))}
    />
  );
  return (
    <FormRow label={label} htmlFor={id} error={error}>
      {onSend ? (
        <div className="id-code">
          {input}
          <SendCodeButton onSend={onSend} />
        </div>
      ) : (
        input
      )}
    </FormRow>
  );
}
