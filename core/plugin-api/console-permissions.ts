/**
 * Operator roles and what each may do. The server enforces these on every operator route that names a
 * permission (RouteDefinition.permission); the console web reads the same table to show only usable menus.
 */
export const OPERATOR_ROLES = ['administrator', 'compliance', 'finance', 'support', 'content'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  'members.read',
  'members.freeze',
  'kyc.review',
  'returns.process',
  'withdrawals.review',
  'wallet.configure',
  'wallet.credit',
  'spot.markets',
  'mailbox.read',
  'chat.read',
  'chat.reply',
  'notifications.send',
  'articles.edit',
  'content.edit',
  'settings.edit',
  'audit.read',
  'operators.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly Permission[]>> = {
  administrator: PERMISSIONS,
  compliance: ['members.read', 'members.freeze', 'kyc.review', 'withdrawals.review', 'audit.read'],
  finance: ['members.read', 'returns.process', 'withdrawals.review', 'wallet.configure', 'wallet.credit', 'spot.markets'],
  support: ['members.read', 'chat.read', 'chat.reply', 'notifications.send', 'mailbox.read'],
  content: ['articles.edit', 'content.edit'],
};

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** An unknown role has no permissions. */
export function permissionsOf(role: string): readonly Permission[] {
  return isOperatorRole(role) ? ROLE_PERMISSIONS[role] : [];
}

export function roleHasPermission(role: string, permission: string): boolean {
  return (permissionsOf(role) as readonly string[]).includes(permission);
}

/** One audit-log entry as GET /console/audit answers it. */
export interface AuditRecord {
  id: string;
  operatorId: string | null;
  operatorName: string | null;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  createdAt: string;
}
