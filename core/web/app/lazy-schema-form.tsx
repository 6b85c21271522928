import { Suspense, lazy, type ComponentType } from 'react';
import type { FormData, SchemaFormProps } from '../forms/types';
import { PageSpinner } from './screens';

// RJSF is large; the form code loads with the first form shown, never with the first paint.
const LoadedSchemaForm = lazy(() =>
  import('../forms').then((module) => ({ default: module.SchemaForm as ComponentType<SchemaFormProps<unknown>> })),
);

/** The schema form of core/web/forms, loaded on first use. */
export function SchemaForm<T = FormData>(props: SchemaFormProps<T>) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <LoadedSchemaForm {...(props as SchemaFormProps<unknown>)} />
    </Suspense>
  );
}
