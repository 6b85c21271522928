import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import type { SiteConfig } from '../plugin-api';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCHEMA_FILE = join(REPO_ROOT, 'schemas', 'site-config.schema.json');

export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

let compiled: ReturnType<Ajv['compile']> | undefined;

function validator() {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    compiled = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));
  }
  return compiled;
}

/** One line per schema error, each starting with the JSON pointer of the bad field ("/currency/rate: ..."). */
export function describeSiteConfigErrors(errors: ErrorObject[]): string[] {
  return errors.map((error) => {
    let path = error.instancePath || '/';
    if (error.keyword === 'required') path = `${error.instancePath}/${String(error.params.missingProperty)}`;
    if (error.keyword === 'additionalProperties') path = `${error.instancePath}/${String(error.params.additionalProperty)}`;
    const allowed = error.keyword === 'enum' ? ` (${(error.params.allowedValues as unknown[]).join(', ')})` : '';
    return `${path}: ${error.message ?? 'is invalid'}${allowed}`;
  });
}

/** Checks a site config against schemas/site-config.schema.json; throws naming every bad field. */
export function validateSiteConfig(config: unknown, source = 'site config'): SiteConfig {
  const validate = validator();
  if (!validate(config)) {
    const lines = describeSiteConfigErrors(validate.errors ?? []);
    throw new SiteConfigError(`${source} is invalid:\n  ${lines.join('\n  ')}`);
  }
  return config as SiteConfig;
}

/** Imports site-configs/<name>.ts and validates it. */
export async function loadSiteConfig(name: string, siteConfigsDir = join(REPO_ROOT, 'site-configs')): Promise<SiteConfig> {
  if (!/^[a-z][a-z0-9-]{0,40}$/.test(name)) throw new SiteConfigError(`site name "${name}" is not a valid file name`);
  const file = join(siteConfigsDir, `${name}.ts`);
  let module: { default?: unknown };
  try {
    module = await import(pathToFileURL(file).href);
  } catch (error) {
    throw new SiteConfigError(`cannot load site config ${file}: ${(error as Error).message}`, { cause: error });
  }
  const config = validateSiteConfig(module.default, file);
  if (config.name !== name) throw new SiteConfigError(`${file}: /name is "${config.name}", expected "${name}" (the file name)`);
  return config;
}
