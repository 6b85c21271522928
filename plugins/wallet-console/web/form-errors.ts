import { useCallback, useRef, useState } from 'react';
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

/**
 * A console form's submit: its errors (as useFormErrors), `busy` while the request runs, and `save`, which runs
 * the request once (a submit while one runs does nothing) and shows a failure on its field or above the button.
 */
export function useFormSave(fieldNames: readonly string[], fallback: string) {
  const formErrors = useFormErrors(fieldNames, fallback);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const save = async (request: () => Promise<void>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await request();
    } catch (error) {
      formErrors.show(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { ...formErrors, busy, save };
}
