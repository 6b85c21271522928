/**
 * Building blocks of console pages, shared by every plugin that contributes to the console site: the operator
 * session, paged lists, the sign-in gate and status tags. Web-only (React); import from
 * '../../console-core/shared/kit'.
 */
export { ConsolePageGate } from './ConsolePageGate';
export { PagedTable } from './PagedTable';
export { StatusTag } from './StatusTag';
export { CONSOLE_PAGE_SIZE, formatTime, useOperatorImage, useOperatorSession, usePaged, type PagedState } from './use-operator-session';
