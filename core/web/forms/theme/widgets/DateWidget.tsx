import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useFormText } from '../../i18n';
import { weekStartsOn } from '../../../i18n/semi-locale';
import { DatePicker } from '../semi';

/** Formats a local date as the JSON Schema "date" format wants it: YYYY-MM-DD. */
export function toDateString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface PickerProps extends WidgetProps {
  kind: 'date' | 'dateTime';
}

/** Semi's DatePicker; stores "YYYY-MM-DD" for a date and an ISO 8601 instant for a date-time. */
export function DatePickerWidget(props: PickerProps) {
  const { id, kind, value, disabled, readonly, placeholder, options, rawErrors, hideError, onChange, onBlur, onFocus } = props;
  const text = useFormText();
  const { i18n } = useTranslation();
  const dateTime = kind === 'dateTime';
  // Semi's DatePicker takes no id: the wrapper carries it.
  return (
    <div id={id}>
      <DatePicker
        type={kind}
        weekStartsOn={weekStartsOn(i18n.language)}
        style={{ width: '100%' }}
        format={dateTime ? 'yyyy-MM-dd HH:mm:ss' : 'yyyy-MM-dd'}
        value={value ? new Date(dateTime ? value : `${value}T00:00:00`) : undefined}
        placeholder={text(placeholder)}
        disabled={disabled || readonly}
        validateStatus={!hideError && rawErrors && rawErrors.length > 0 ? 'error' : 'default'}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(date) => {
          if (!(date instanceof Date)) return onChange(options.emptyValue);
          onChange(dateTime ? date.toISOString() : toDateString(date));
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
    </div>
  );
}

export default function DateWidget(props: WidgetProps) {
  return <DatePickerWidget {...props} kind="date" />;
}
