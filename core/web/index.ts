// The public entry of the web shell: plugins import from here (and from core/plugin-api, core/shared).
export { startShell, type StartShellOptions } from './boot/start-shell';
export type { BootData, BootSiteSettings, CurrencyItem, FooterItem, LanguageItem, NavItem } from './boot/boot-query';
export { buildRegistry, type Registry, type PluginEntry, type Owned } from './registry/registry';
export { RootStore, type RootStoreOptions } from './store/root-store';
export { useRoot } from './store/root-context';
export { SettingsStore } from './store/settings-store';
export { SessionStore, type TokenGrant } from './store/session-store';
export { HttpError, isAbortError, isHttpError } from './http/http-error';
export { formatFiat, multiplyDecimals } from './format/fiat';
export { Slot } from './app/slot';
export { RouteLink, type RouteLinkProps } from './app/route-link';
export { PageSpinner } from './app/screens';
export { FieldRow, type FieldRowProps } from './app/field-row';
export { weekStartsOn } from './i18n/semi-locale';
export { SchemaForm } from './app/lazy-schema-form';
export type { SchemaFormProps } from './forms/types';
export { realtimeUrl } from './realtime/realtime-url';
