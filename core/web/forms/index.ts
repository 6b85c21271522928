// Schema forms: RJSF with the Semi UI theme and validators precompiled by scripts/compile-forms.ts.
export { SchemaForm } from './SchemaForm';
export { semiTheme } from './theme';
export { loadForm, UnknownFormError } from './load-form';
export { FORMS_NS, translateFormText } from './i18n';
export { decimalPlaces } from './decimal';
export type { FormData, FormUpload, LoadedForm, SchemaFormProps, SemiFormContext } from './types';
