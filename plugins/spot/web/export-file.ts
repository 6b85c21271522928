// The order export is a file, not an envelope: it is fetched directly with the headers the shell's client sends.
import { ERROR_CODES, stripHtml } from '../../../core/shared';
import { SPOT_PATHS, type ExportFormat, type ExportRequest, type OrderFilter } from '../shared/types';

export interface ExportRoot {
  site: { api: { head: string; clientId: string; clientSecret: string } };
  settings: { language: string };
  session: { accessToken: string; logout(): unknown };
}

export class ExportError extends Error {
  override name = 'ExportError';
}

/** POSTs exportSpotTradeLog with the filters and the browser's time zone, hands the browser the file; resolves with its name. */
export async function downloadOrders(root: ExportRoot, filter: OrderFilter, format: ExportFormat): Promise<string> {
  const { head, clientId, clientSecret } = root.site.api;
  const { current: _current, size: _size, ...rest } = filter;
  const request: ExportRequest = { ...rest, format, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const response = await fetch(`/api/${head}${SPOT_PATHS.exportOrders}`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
      'mj-lang': root.settings.language,
      'Content-Type': 'application/json',
      ...(root.session.accessToken ? { 'Blade-Auth': `bearer ${root.session.accessToken}` } : {}),
    },
    body: JSON.stringify(request),
  });
  if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    if ((body?.code ?? response.status) === ERROR_CODES.unauthorized) root.session.logout();
    throw new ExportError(stripHtml(body?.msg ?? ''));
  }
  const name = `spot-orders.${format}`;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name, rel: 'noopener' });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
