import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { SchemaForm, type SchemaFormProps } from '../../../../core/web';
import { messageOf } from '../console-error';
import { SchemaInterpreter, schemaHasField, valueAt } from './schema-interpreter';

type Values = Record<string, unknown>;

export interface SchemaEditorProps {
  /** Names the form (RJSF ids); a new key starts a fresh form. */
  id: string;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  initial: Values;
  submitText: string;
  /** Sends the values; a rejection naming a field of the form shows on that field. */
  save(values: Values): Promise<unknown>;
}

/**
 * A form rendered from a schema that arrives at runtime, in the shell's RJSF Semi theme. The browser checks
 * what it can without compiling anything (SchemaInterpreter); the server validates for real, and its 400
 * naming a field appears on that field until the value changes.
 */
export function SchemaEditor({ id, schema, uiSchema, initial, submitText, save }: SchemaEditorProps) {
  const [values, setValues] = useState<Values>(initial);
  const [validator, setValidator] = useState(() => new SchemaInterpreter());
  const frame = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const form = useMemo<NonNullable<SchemaFormProps['form']>>(() => ({ id, schema, uiSchema: uiSchema ?? {}, validator }), [id, schema, uiSchema, validator]);

  const submit = async (submitted: Values) => {
    setSaving(true);
    setFailure('');
    try {
      await save(submitted);
      setValidator(new SchemaInterpreter());
    } catch (error) {
      const { field } = error as { field?: string };
      if (field && schemaHasField(schema, field)) {
        setValidator(new SchemaInterpreter().withServerError({ field, message: messageOf(error), value: valueAt(submitted, field) }));
      } else {
        setFailure(messageOf(error));
      }
    } finally {
      setSaving(false);
    }
  };

  // RJSF shows errors after a validation, and it validates on submit or on a change (live), not when its
  // validator changes: once the validator carries the server's refusal, submitting again puts it on its field
  // (the submit stops there, since the refused value is still in place)
  useEffect(() => {
    if (validator.hasServerErrors) frame.current?.querySelector('form')?.requestSubmit();
  }, [validator]);

  return (
    <div className="cc-editor" data-testid="schema-editor" ref={frame}>
      {failure && (
        <p className="cc-error" role="alert">
          {failure}
        </p>
      )}
      <SchemaForm<Values>
        form={form}
        formData={values}
        onChange={setValues}
        onSubmit={(submitted) => void submit(submitted)}
        disabled={saving}
        submitText={submitText}
        liveValidate={validator.hasServerErrors}
      />
    </div>
  );
}
