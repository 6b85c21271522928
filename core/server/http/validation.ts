import type { FastifyInstance } from 'fastify';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

function makeAjv(coerceTypes: boolean): Ajv {
  // allErrors off: the first error names the field; strict off so schemas may carry uiSchema hints.
  const ajv = new Ajv({ allErrors: false, coerceTypes: coerceTypes ? 'array' : false, useDefaults: true, removeAdditional: false, strict: false });
  (addFormats as unknown as (ajv: Ajv) => Ajv)(ajv);
  return ajv;
}

/**
 * Query strings and path params arrive as text, so their schemas coerce ("10" → 10);
 * JSON bodies are validated as sent (a string amount stays a string, "1" is not a number).
 */
export function installValidation(app: FastifyInstance): void {
  const coercing = makeAjv(true);
  const strictTypes = makeAjv(false);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strictTypes : coercing;
    return ajv.compile(schema);
  });
}
