// Export of records as a file: the answer is a download, not an envelope, so it is fetched directly with the
// headers the shell's HTTP client would send.
import { ERROR_CODES, stripHtml } from '../../../core/shared';
import type { ExportRequest } from '../shared/types';
import { WALLET_PATHS } from '../shared/types';
import { walletPath } from './wallet-api';

export type ExportKind = 'deposits' | 'withdrawals' | 'bills';

export interface ExportRoot {
  site: { api: { head: string; clientId: string; clientSecret: string } };
  settings: { language: string };
  session: { accessToken: string; logout(): unknown };
}

/** The export failed; `message` is the server's text (or empty when none came). */
export class ExportError extends Error {
  override name = 'ExportError';
}

/** filename="…" or filename*=UTF-8''… of a Content-Disposition header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition && /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1]!.trim());
  const plain = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : fallback;
}

/** Asks the browser to save a blob under a file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * POSTs exportRecords/{kind} with the list's filters and the browser's time zone (unless the request names one) and
 * saves the answer; resolves with the file name.
 */
export async function downloadExport(root: ExportRoot, kind: ExportKind, request: ExportRequest): Promise<string> {
  const { head, clientId, clientSecret } = root.site.api;
  const headers: Record<string, string> = {
    Authorization: `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${clientId}:${clientSecret}`)))}`,
    'mj-lang': root.settings.language,
    'Content-Type': 'application/json',
  };
  if (root.session.accessToken) headers['Blade-Auth'] = `bearer ${root.session.accessToken}`;
  const response = await fetch(`/api/${head}${walletPath(WALLET_PATHS.exportRecords, { kind })}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, ...request } satisfies ExportRequest),
  });
  if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    if ((body?.code ?? response.status) === ERROR_CODES.unauthorized) root.session.logout();
    throw new ExportError(stripHtml(body?.msg ?? ''));
  }
  const fileName = fileNameOf(response.headers.get('Content-Disposition'), `${kind}.${request.format}`);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
