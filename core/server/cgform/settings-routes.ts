import type { Kysely } from 'kysely';
import type { JsonSchema, RouteDefinition, SiteConfig } from '../../plugin-api';
import { ApiError, ERROR_CODES } from '../../shared';
import type { AuditLog } from '../audit';
import { siteSettings } from '../graphql/boot';
import { notFoundError } from '../http/envelope';
import { SETTINGS_COLLECTION } from './console-routes';
import { readFormSchema, type CgformStore, type FormRow } from './store';

/** What operators change per site; the rest of the site config is fixed by the build. */
export const EDITABLE_SETTINGS = [
  'title', 'logoDay', 'logoNight', 'language', 'currencyCode', 'areaCode', 'theme', 'supportButton', 'repayButton', 'tokenTime',
] as const;
export type EditableSetting = (typeof EDITABLE_SETTINGS)[number];
export type SettingValues = Partial<Record<EditableSetting, string | number | boolean>>;

/** GET and POST /console/site-settings/{site} answer. */
export interface SiteSettingsView {
  site: string;
  /** The values in force: the site config with the operator's overrides laid over it. */
  settings: SettingValues;
  /** The settings an operator changed from the site config. */
  overridden: EditableSetting[];
  /** The JSON Schema of the editable settings (from schemas/cgform/site_settings.schema.json). */
  schema: JsonSchema;
}

export interface SettingsRoutesOptions {
  db: Kysely<any>;
  store: CgformStore;
  audit: AuditLog;
  /** The sites this process serves. */
  sites: SiteConfig[];
}

/** The editable part of the site_settings schema: every field optional, nothing else accepted. */
export function settingsSchema(): JsonSchema {
  const full = readFormSchema(SETTINGS_COLLECTION) as { properties: Record<string, JsonSchema> };
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(EDITABLE_SETTINGS.map((key) => [key, full.properties[key]])),
  };
}

function pick(values: Record<string, unknown>): SettingValues {
  const picked: SettingValues = {};
  for (const key of EDITABLE_SETTINGS) if (values[key] !== undefined) picked[key] = values[key] as string | number | boolean;
  return picked;
}

/**
 * Site settings per site (permission settings.edit): read the values in force, change them. Values are checked
 * against the site_settings schema and against what the site offers (its languages, the area codes and
 * display currencies of their collections); only values that differ from the site config are stored, so the
 * boot query lays them over the config and a later config change still reaches the untouched ones.
 */
export function settingsRoutes(options: SettingsRoutesOptions): RouteDefinition[] {
  const { db, store, audit, sites } = options;
  const schema = settingsSchema();
  const guarded = { auth: 'operator', permission: 'settings.edit' } as const;
  const siteParams = { type: 'object', properties: { site: { type: 'string', pattern: '^[a-z][a-z0-9-]{1,40}$' } } };

  function siteNamed(name: string): SiteConfig {
    const site = sites.find((candidate) => candidate.name === name);
    if (!site) throw notFoundError('site');
    return site;
  }

  async function overrideRow(site: SiteConfig): Promise<FormRow | undefined> {
    return (await store.rows(SETTINGS_COLLECTION)).find((row) => row.site === site.name);
  }

  function viewOf(site: SiteConfig, row: FormRow | undefined): SiteSettingsView {
    const override = pick(row ?? {});
    return { site: site.name, settings: pick(siteSettings(site, override)), overridden: Object.keys(override) as EditableSetting[], schema };
  }

  async function checkOffered(site: SiteConfig, values: SettingValues): Promise<void> {
    const refuse = (field: EditableSetting, key: string) => new ApiError(ERROR_CODES.badRequest, `console-core:${key}`, { field, params: { field } });
    if (values.language !== undefined && !(site.languages as string[]).includes(String(values.language))) throw refuse('language', 'languageNotOffered');
    if (values.areaCode !== undefined && !(await store.rows('area_code')).some((row) => row.code === values.areaCode)) throw refuse('areaCode', 'areaCodeUnknown');
    if (values.currencyCode !== undefined && !(await store.rows('currency')).some((row) => row.code === values.currencyCode)) {
      throw refuse('currencyCode', 'currencyUnknown');
    }
  }

  const list: RouteDefinition<unknown, unknown, unknown, Array<{ name: string; title: string }>> = {
    method: 'GET',
    path: '/console/site-settings',
    ...guarded,
    schema: { querystring: { type: 'object', additionalProperties: false, properties: {} } },
    async handler() {
      const rows = await store.rows(SETTINGS_COLLECTION);
      return sites.map((site) => ({ name: site.name, title: String(siteSettings(site, rows.find((row) => row.site === site.name)).title) }));
    },
  };

  const read: RouteDefinition<unknown, unknown, { site: string }, SiteSettingsView> = {
    method: 'GET',
    path: '/console/site-settings/{site}',
    ...guarded,
    schema: { params: siteParams },
    async handler(request) {
      const site = siteNamed(request.params.site);
      return viewOf(site, await overrideRow(site));
    },
  };

  const update: RouteDefinition<unknown, SettingValues, { site: string }, SiteSettingsView> = {
    method: 'POST',
    path: '/console/site-settings/{site}',
    ...guarded,
    schema: { params: siteParams, body: schema },
    async handler(request) {
      const site = siteNamed(request.params.site);
      await checkOffered(site, request.body);
      const fromConfig = pick(siteSettings(site, undefined));
      const current = await overrideRow(site);
      const before = pick(current ?? {});
      const after: SettingValues = { ...before };
      for (const key of EDITABLE_SETTINGS) {
        const value = request.body[key];
        if (value === undefined) continue;
        if (value === fromConfig[key]) delete after[key];
        else after[key] = value;
      }
      const row = { site: site.name, ...after };
      if (current) await store.updateRow(db, SETTINGS_COLLECTION, current.id, row);
      else await store.insertRow(db, SETTINGS_COLLECTION, row);
      await audit.record({ operatorId: request.principal!.id, action: 'console.settings.update', target: `site/${site.name}`, before, after, ip: request.ip });
      return viewOf(site, { id: current?.id ?? 0, ...row });
    },
  };

  return [list, read, update];
}
