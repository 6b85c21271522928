import type { ReactNode } from 'react';

/** A labelled form control with the message of its error (from the server or a local check) below it. */
export function Field({ name, label, error, children }: { name: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={`wc-field${error ? ' wc-field--invalid' : ''}`} data-field={name}>
      <label className="wc-field__label">
        <span>{label}</span>
        {children}
      </label>
      {error && (
        <p className="wc-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The message of a failed submission that names no field of the form. */
export function FormError({ message }: { message: string }) {
  return message ? (
    <p className="wc-error" role="alert">
      {message}
    </p>
  ) : null;
}
