import type { ChangeEvent, FocusEvent } from 'react';
import { ariaDescribedByIds, examplesId, getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { normalizeNumericInput } from '../../../../shared/numeric-input';
import { decimalPlaces } from '../../decimal';
import { useFormText } from '../../i18n';
import { Input, InputNumber } from '../semi';

const FULL_WIDTH = { width: '100%' };

/**
 * The input behind the text, email, url, password and number widgets. A string field with a decimal
 * pattern (or ui:options.decimals) gets a numeric input whose value stays a decimal string.
 */
export default function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    value,
    type,
    placeholder,
    disabled,
    readonly,
    autofocus,
    options,
    schema,
    rawErrors,
    hideError,
    onChange,
    onChangeOverride,
    onBlur,
    onFocus,
  } = props;
  const text = useFormText();
  const inputProps = getInputProps(schema, type, options, false);
  const decimals = decimalPlaces(schema, options);
  const common = {
    id,
    name: htmlName ?? id,
    disabled: disabled || readonly,
    autoFocus: autofocus,
    placeholder: text(placeholder),
    style: FULL_WIDTH,
    validateStatus: !hideError && rawErrors && rawErrors.length > 0 ? ('error' as const) : ('default' as const),
    'aria-describedby': ariaDescribedByIds(id, !!schema.examples),
    onBlur: (event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value),
    onFocus: (event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value),
  };
  const empty = (next: string) => (next === '' ? options.emptyValue : next);

  let input;
  if (decimals !== undefined) {
    input = (
      <Input
        {...common}
        inputMode={decimals > 0 ? 'decimal' : 'numeric'}
        value={value ?? ''}
        onChange={(next: string) => onChange(empty(normalizeNumericInput(next, decimals)))}
      />
    );
  } else if (inputProps.type === 'number') {
    // No min/max here: Semi would hold back an out-of-range number, and the schema's message must show instead.
    input = (
      <InputNumber
        {...common}
        step={typeof inputProps.step === 'number' ? inputProps.step : undefined}
        precision={schema.type === 'integer' ? 0 : undefined}
        value={value ?? ''}
        onChange={(next: number | string) => onChange(next === '' ? options.emptyValue : next)}
      />
    );
  } else {
    input = (
      <Input
        {...common}
        type={inputProps.type}
        mode={inputProps.type === 'password' ? 'password' : undefined}
        autoComplete={inputProps.autoComplete}
        list={schema.examples ? examplesId(id) : undefined}
        value={value ?? ''}
        onChange={(next: string, event: ChangeEvent<HTMLInputElement>) =>
          onChangeOverride ? onChangeOverride(event) : onChange(empty(next))
        }
      />
    );
  }

  return (
    <>
      {input}
      {Array.isArray(schema.examples) && (
        <datalist id={examplesId(id)}>
          {(schema.examples as unknown[]).map((example) => (
            <option key={String(example)} value={String(example)} />
          ))}
        </datalist>
      )}
    </>
  );
}
