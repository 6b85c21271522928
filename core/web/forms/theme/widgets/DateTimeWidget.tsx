import type { WidgetProps } from '@rjsf/utils';
import { DatePickerWidget } from './DateWidget';

export default function DateTimeWidget(props: WidgetProps) {
  return <DatePickerWidget {...props} kind="dateTime" />;
}
