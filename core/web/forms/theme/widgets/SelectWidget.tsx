import { ariaDescribedByIds, enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { FORMS_NS, useFormText } from '../../i18n';
import { Select } from '../semi';

/** A dropdown of the enum (labels from enumNames or oneOf titles, translated when they are i18n keys). */
export default function SelectWidget(props: WidgetProps) {
  const { id, value, multiple, required, disabled, readonly, autofocus, placeholder, options, rawErrors, hideError } = props;
  const { onChange, onBlur, onFocus } = props;
  const { t } = useTranslation(FORMS_NS, { useSuspense: false });
  const text = useFormText();
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const selected = enumOptionsIndexForValue(value, enumOptions, multiple);
  const optionList = enumOptions.map((option, index) => ({
    value: String(index),
    label: text(option.label) ?? String(option.value),
    disabled: Array.isArray(enumDisabled) && enumDisabled.includes(option.value),
  }));

  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      multiple={multiple}
      value={selected ?? (multiple ? [] : undefined)}
      optionList={optionList}
      placeholder={text(placeholder) || t('select.placeholder')}
      showClear={!required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      validateStatus={!hideError && rawErrors && rawErrors.length > 0 ? 'error' : 'default'}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(next) =>
        onChange(next === undefined ? emptyValue : enumOptionsValueForIndex(next as string | string[], enumOptions, emptyValue))
      }
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
