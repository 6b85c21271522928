import { useEffect, useMemo, useState } from 'react';
import { withTheme, type IChangeEvent } from '@rjsf/core';
import type { UiSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { collectNamespaces, createErrorTransformer, FORMS_NS } from './i18n';
import { loadForm } from './load-form';
import { semiTheme } from './theme';
import { Banner, Spin } from './theme/semi';
import type { FormData, LoadedForm, SchemaFormProps, SemiFormContext } from './types';

const ThemedForm = withTheme(semiTheme);

/**
 * A JSON-schema form in the Semi theme, validated by the form's precompiled validator (no eval).
 * Give it a loaded `form`, or a `formId` to load the precompiled form lazily (a spinner shows meanwhile).
 */
export function SchemaForm<T = FormData>(props: SchemaFormProps<T>) {
  if (props.form) return <LoadedSchemaForm {...props} form={props.form} />;
  if (props.formId) return <SchemaFormById {...props} formId={props.formId} />;
  throw new Error('SchemaForm needs a form or a formId');
}

function SchemaFormById<T>(props: SchemaFormProps<T> & { formId: string }) {
  const { t } = useTranslation(FORMS_NS, { useSuspense: false });
  const [state, setState] = useState<{ id: string; form?: LoadedForm; failed?: boolean }>({ id: props.formId });

  useEffect(() => {
    let live = true;
    setState({ id: props.formId });
    loadForm(props.formId).then(
      (form) => live && setState({ id: props.formId, form }),
      (error: unknown) => {
        console.error(error);
        if (live) setState({ id: props.formId, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [props.formId]);

  if (state.id === props.formId && state.form) return <LoadedSchemaForm {...props} form={state.form} />;
  if (state.id === props.formId && state.failed) return <Banner type="danger" fullMode={false} closeIcon={null} title={t('loadFailed')} />;
  return (
    <div className="rjsf-loading" style={{ display: 'flex', justifyContent: 'center', padding: 24 }}>
      <Spin tip={t('loading')} />
    </div>
  );
}

function LoadedSchemaForm<T>({ form, formData, onSubmit, onChange, disabled, submitText, upload, liveValidate }: SchemaFormProps<T> & { form: LoadedForm }) {
  // Loads the namespaces the form's texts refer to ("example-notes:form.title") and re-renders on a language change.
  const namespaces = useMemo(() => [FORMS_NS, ...collectNamespaces(form.schema, form.uiSchema, submitText)], [form, submitText]);
  const { i18n } = useTranslation(namespaces, { useSuspense: false });
  const transformErrors = useMemo(() => createErrorTransformer(i18n), [i18n, i18n.language]);
  const formContext = useMemo<SemiFormContext>(() => ({ upload }), [upload]);
  const uiSchema = useMemo<UiSchema>(
    () =>
      submitText
        ? { ...form.uiSchema, 'ui:submitButtonOptions': { ...form.uiSchema['ui:submitButtonOptions'], submitText } }
        : form.uiSchema,
    [form.uiSchema, submitText],
  );

  return (
    <ThemedForm
      className="rjsf-semi"
      schema={form.schema}
      uiSchema={uiSchema}
      validator={form.validator}
      formData={formData}
      formContext={formContext}
      disabled={disabled}
      liveValidate={liveValidate}
      noHtml5Validate
      showErrorList="top"
      transformErrors={transformErrors}
      onChange={onChange ? (event: IChangeEvent) => onChange(event.formData as T) : undefined}
      onSubmit={(event: IChangeEvent) => onSubmit(event.formData as T)}
    />
  );
}
