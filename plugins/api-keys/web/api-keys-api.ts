// The API-key calls of the account center, through the shell's HTTP client.
import type { ShellRoot } from '../../../core/plugin-api';
import { API_KEYS_PATHS, type ApiKeyCreation, type ApiKeyView, type CreatedApiKey } from '../shared/types';

type Root = Pick<ShellRoot, 'http'>;

export function loadKeys(root: Root): Promise<ApiKeyView[]> {
  return root.http.get<ApiKeyView[]>(API_KEYS_PATHS.list);
}

/** Silent: the dialog shows a refusal under the field it names. */
export function createKey(root: Root, creation: ApiKeyCreation): Promise<CreatedApiKey> {
  return root.http.post<CreatedApiKey>(API_KEYS_PATHS.create, creation, { silent: true });
}

export function deleteKey(root: Root, id: string): Promise<null> {
  return root.http.post<null>(`${API_KEYS_PATHS.remove}/${encodeURIComponent(id)}`);
}

/** The allow-list as typed: one address or range per line, commas and spaces also separate. */
export function ipsOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter((entry) => entry !== '');
}
