import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';

/** Uploads one file and resolves to its link; the form stores the link, never the file. */
export type FormUpload = (file: File) => Promise<string>;

/** A precompiled form: what .generated/forms/<id>.ts exports (see scripts/compile-forms.ts). */
export interface LoadedForm {
  /** "pluginId.formName". */
  id: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

/** What the Semi theme's widgets read from RJSF's formContext. */
export interface SemiFormContext {
  upload?: FormUpload;
}

export type FormData = Record<string, unknown>;

export interface SchemaFormProps<T = FormData> {
  /** Loads the precompiled form lazily (ignored when `form` is given). */
  formId?: string;
  form?: LoadedForm;
  formData?: T;
  onSubmit: (data: T) => void;
  onChange?: (data: T) => void;
  disabled?: boolean;
  /** Text or i18n key of the submit button; the form's own text by default. */
  submitText?: string;
  upload?: FormUpload;
  liveValidate?: boolean;
}
