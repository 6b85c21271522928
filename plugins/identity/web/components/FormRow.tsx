import type { ReactNode } from 'react';

/** A labelled form row with its error text (role=alert so screen readers announce it). */
export function FormRow({ label, htmlFor, error, extra, children }: { label: string; htmlFor: string; error?: string | null; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className={`id-row${error ? ' id-row--error' : ''}`}>
      <div className="id-row__head">
        <label className="id-row__label" htmlFor={htmlFor}>
          {label}
        </label>
        {extra}
      </div>
      {children}
      {error ? (
        <p className="id-row__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
