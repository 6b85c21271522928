// The device-management calls of the account center, through the shell's HTTP client.
import type { ShellRoot } from '../../../../core/plugin-api';
import type { Page } from '../../../../core/shared';
import { ACCOUNT_CENTER_PATHS, type LoginDevice, type LoginLogEntry } from '../../shared/types';

type Root = Pick<ShellRoot, 'http'>;

export const LOGIN_LOG_PAGE_SIZE = 10;

export function loadDevices(root: Root): Promise<LoginDevice[]> {
  return root.http.get<LoginDevice[]>(ACCOUNT_CENTER_PATHS.loginDevices);
}

export function renameDevice(root: Root, id: string, name: string): Promise<null> {
  return root.http.post<null>(ACCOUNT_CENTER_PATHS.updateDevice, { id, name });
}

export function removeDevice(root: Root, id: string): Promise<null> {
  return root.http.post<null>(`${ACCOUNT_CENTER_PATHS.deleteDevice}/${encodeURIComponent(id)}`);
}

export function loadLoginLog(root: Root, current: number, size = LOGIN_LOG_PAGE_SIZE): Promise<Page<LoginLogEntry>> {
  return root.http.get<Page<LoginLogEntry>>(ACCOUNT_CENTER_PATHS.loginLog, { query: { current, size } });
}
