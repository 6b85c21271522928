// Public entry of the server kernel: what plugins import from core/server.
export type {
  ApiRequest,
  AuditEntry,
  Dialect,
  FileResult,
  RawJsonResult,
  StoredUpload,
  JsonSchema,
  Migration,
  Principal,
  RealtimePublisher,
  RouteDefinition,
  ServerContext,
  ServerPlugin,
  ServerRegistrar,
} from '../plugin-api';
export { defineServerPlugin } from '../plugin-api';
export { ApiError, ERROR_CODES, isApiError, pageOf, ROW_ID_MAX, ROW_ID_SCHEMA, rowIdOf, PAGE_NUMBER_SCHEMA, type Page, type Envelope } from '../shared';
export { jsonFieldSortKey, jsonFieldText, moneyColumn, tableExists, withAutoId } from './db/columns';
export { SQLITE_FILE_NAME } from './db/connect';
export { clientAuthorizationHeader, isClientAuthorized } from './http/client-auth';
export { notFoundError } from './http/envelope';
export { contentDisposition } from './http/routes';
export { CgformStore, readFormSchema, type FormHead, type FormRow } from './cgform/store';
export { currencyItems, type CurrencyItem } from './config/routes';
export { DEFAULT_PASSWORD_HASHING, hashPassword, verifyPassword, type PasswordHashing } from './console/operators';
export { generateTotpSecret, matchTotpStep, totpCode, totpUri, TOTP_PERIOD_S } from './console/totp';
export { toCsv, toXlsx, type ColumnKind, type Table } from './export/spreadsheet';
export { exportTimes, TIME_ZONE_FIELD, TIME_ZONE_SCHEMA, type ExportTimes } from './export/times';
