// Requests to the Binance-compatible /api/v3 subset as a Binance client makes them.
import { createHmac } from 'node:crypto';
import { fetchJson, type JsonResponse } from './harness';

/** An API key as /coin/member/apiKey/create answers it. */
export interface ApiKey {
  apiKey: string;
  secret: string;
}

/** An unsigned call: the parameters as a query string. */
export function v3Request(baseUrl: string, path: string, params: Record<string, string> = {}): Promise<JsonResponse> {
  return fetchJson(`${baseUrl}/api/v3${path}?${new URLSearchParams(params)}`);
}

/** Signs like a Binance client: parameters then timestamp, HMAC-SHA256 hex appended last; POST sends a form body. */
export function signedV3Request(
  baseUrl: string,
  key: ApiKey,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  params: Record<string, string> = {},
  options: { timestamp?: number; secret?: string } = {},
): Promise<JsonResponse> {
  const query = new URLSearchParams({ ...params, timestamp: String(options.timestamp ?? Date.now()) }).toString();
  const signature = createHmac('sha256', options.secret ?? key.secret).update(query).digest('hex');
  const headers = { 'X-MBX-APIKEY': key.apiKey };
  if (method === 'POST') {
    return fetchJson(`${baseUrl}/api/v3${path}`, { method, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: `${query}&signature=${signature}` });
  }
  return fetchJson(`${baseUrl}/api/v3${path}?${query}&signature=${signature}`, { method, headers });
}
