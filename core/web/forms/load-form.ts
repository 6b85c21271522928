import type { LoadedForm } from './types';

export class UnknownFormError extends Error {
  constructor(readonly formId: string) {
    super(`No precompiled form "${formId}": is schemas/forms/${formId}.json there, and has compile-forms run?`);
    this.name = 'UnknownFormError';
  }
}

/** Loads a precompiled form by id ("pluginId.formName"); each form is its own lazy chunk. */
export async function loadForm(id: string): Promise<LoadedForm> {
  // .generated/forms/ is written by scripts/compile-forms.ts from schemas/forms/; the test command and
  // the build run it first. Imported on demand, so the registry stays out of the first page's bundle.
  const { formLoaders } = await import('../../../.generated/forms/index');
  const loader = Object.hasOwn(formLoaders, id) ? formLoaders[id] : undefined;
  if (!loader) throw new UnknownFormError(id);
  return loader();
}
