import type { ReactNode } from 'react';

/** A labelled form field with its note and its error (role=alert so screen readers announce it). */
export function Field({
  label,
  htmlFor,
  error,
  extra,
  note,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string | null;
  extra?: ReactNode;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'wallet-field wallet-field--error' : 'wallet-field'} data-field={htmlFor}>
      <div className="wallet-field__head">
        <label className="wallet-field__label" htmlFor={htmlFor}>
          {label}
        </label>
        {extra}
      </div>
      {children}
      {note ? <div className="wallet-field__note">{note}</div> : null}
      {error ? (
        <p className="wallet-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
