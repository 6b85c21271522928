import { readFileSync } from 'node:fs';
import type { JsonSchema } from '../../../../core/server';
import { PAYMENT_FORM_IDS, PAYMENT_KINDS, type PaymentKind } from '../../shared/types';

const FORMS_DIR = new URL('../../../../schemas/forms/', import.meta.url);

/** The `schema` half of a payment form (schemas/forms/<id>.json), the one the web form validates with. */
export function paymentFormSchema(kind: PaymentKind): JsonSchema {
  const file = JSON.parse(readFileSync(new URL(`${PAYMENT_FORM_IDS[kind]}.json`, FORMS_DIR), 'utf8')) as { schema: JsonSchema };
  return file.schema;
}

/**
 * The body schema of add and edit: `kind` picks the form whose schema the other fields must satisfy.
 * An unknown or missing kind fails on `kind`; a field error names that field.
 */
export function paymentBodySchema(forms: Record<PaymentKind, JsonSchema> = formsByKind()): JsonSchema {
  return {
    type: 'object',
    required: ['kind'],
    properties: { kind: { type: 'string', enum: [...PAYMENT_KINDS] } },
    allOf: PAYMENT_KINDS.map((kind) => {
      const form = forms[kind] as { properties?: Record<string, unknown> };
      return {
        if: { properties: { kind: { const: kind } }, required: ['kind'] },
        then: { ...form, properties: { ...form.properties, kind: { const: kind } } },
      };
    }),
  };
}

function formsByKind(): Record<PaymentKind, JsonSchema> {
  return Object.fromEntries(PAYMENT_KINDS.map((kind) => [kind, paymentFormSchema(kind)])) as Record<PaymentKind, JsonSchema>;
}
