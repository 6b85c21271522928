import { Select } from '@douyinfe/semi-ui-19';
import { useId, type ComponentProps } from 'react';

/**
 * A Semi Select named by its label: Semi's combobox ignores aria-label and is not labelable by <label>, so the
 * label is linked with aria-labelledby. `hideLabel` keeps the name for assistive technology only (filters).
 */
export function FieldSelect({ label, hideLabel, className, ...select }: ComponentProps<typeof Select> & { label: string; hideLabel?: boolean }) {
  const id = useId();
  return (
    <div className={`ac-field ${className ?? ''}`}>
      <span id={id} className={hideLabel ? 'ac-hidden' : undefined}>
        {label}
      </span>
      <Select {...select} aria-labelledby={id} />
    </div>
  );
}
