import type { ReactNode } from 'react';

export interface FieldRowProps {
  /** The field's name (`data-field`), which tests and refusals name. */
  field: string;
  label: ReactNode;
  /** The message under the field when it is refused. */
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled form control with its refusal under it (role alert) and an optional hint, for plugins' own forms. */
export function FieldRow({ field, label, error, hint, children }: FieldRowProps) {
  return (
    <div className={error ? 'bourse-field bourse-field--invalid' : 'bourse-field'} data-field={field}>
      <label className="bourse-field__label">
        {label}
        {children}
      </label>
      {error && (
        <p className="bourse-field__error" role="alert">
          {error}
        </p>
      )}
      {hint}
    </div>
  );
}
