import { useRef, useState } from 'react';
import { useRoot } from '../../../core/web';
import { newClientId, submitError } from './submit-error';

/**
 * The state of a form whose submit the server applies once: the errors under its fields and above its button,
 * whether a request is under way, and the idempotency id a retry of the same submit sends again.
 */
export function useSubmit<Field extends string>(fields: readonly Field[]) {
  const root = useRoot();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clientId = useRef(newClientId());

  /**
   * Sends the request with the submit's id; answers whether it was applied. A refusal is shown under the field it
   * names (or above the button) and the next submit gets a new id; after no answer at all the id stays for a retry.
   */
  const send = async (request: (clientId: string) => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await request(clientId.current);
    } catch (error) {
      const { field, message, answered } = submitError(error, fields, root.t('errors.unknown'));
      if (field) setErrors({ [field]: message } as Partial<Record<Field, string>>);
      else setFormError(message);
      if (answered) clientId.current = newClientId();
      setBusy(false);
      return false;
    }
    clientId.current = newClientId();
    setBusy(false);
    return true;
  };

  return { errors, setErrors, formError, setFormError, busy, send };
}
