import { useCallback, useState } from 'react';
import { isHttpError } from '../../../core/web';

export interface FormErrors {
  /** Messages shown on their field, by field name. */
  fields: Record<string, string>;
  /** A message about the whole form (a refusal naming no field of this form, or no answer). */
  form: string;
}

const NONE: FormErrors = { fields: {}, form: '' };

/**
 * Errors of a console form: a server refusal naming one of the form's fields (the 400 envelope's data.field)
 * shows on that field, any other failure above the submit button.
 */
export function useFormErrors(fieldNames: readonly string[], fallback: string) {
  const [errors, setErrors] = useState<FormErrors>(NONE);
  const clear = useCallback(() => setErrors(NONE), []);
  const setField = useCallback((field: string, message: string) => setErrors({ fields: { [field]: message }, form: '' }), []);
  const show = useCallback(
    (error: unknown) => {
      const message = (isHttpError(error) && error.msg) || fallback;
      const field = isHttpError(error) ? error.field : undefined;
      setErrors(field && fieldNames.includes(field) ? { fields: { [field]: message }, form: '' } : { fields: {}, form: message });
    },
    [fieldNames, fallback],
  );
  return { errors, clear, setField, show };
}
