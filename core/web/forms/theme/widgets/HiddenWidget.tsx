import type { WidgetProps } from '@rjsf/utils';

/** Keeps a value in the form data without showing it. */
export default function HiddenWidget({ id, htmlName, value }: WidgetProps) {
  return <input type="hidden" id={id} name={htmlName ?? id} value={value === undefined || value === null ? '' : String(value)} />;
}
