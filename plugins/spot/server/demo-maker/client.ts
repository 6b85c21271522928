import { createHmac } from 'node:crypto';

export interface ApiV3Answer {
  status: number;
  body: any;
}

/**
 * A minimal Binance-style REST client: what any bot does, no shortcut into the server. Signed calls put every
 * parameter in the query string with the timestamp and append the HMAC-SHA256 signature last.
 */
export class ApiV3Client {
  constructor(
    private readonly baseUrl: () => string | undefined,
    private readonly key: { apiKey: string; secret: string },
    private readonly now: () => number,
  ) {}

  get ready(): boolean {
    return this.baseUrl() !== undefined;
  }

  async public(path: string, params: Record<string, string> = {}): Promise<ApiV3Answer> {
    const query = new URLSearchParams(params).toString();
    return this.send('GET', `${path}${query ? `?${query}` : ''}`, {});
  }

  async signed(method: 'GET' | 'POST' | 'DELETE', path: string, params: Record<string, string> = {}): Promise<ApiV3Answer> {
    const query = new URLSearchParams({ ...params, timestamp: String(this.now()) }).toString();
    const signature = createHmac('sha256', this.key.secret).update(query).digest('hex');
    return this.send(method, `${path}?${query}&signature=${signature}`, { 'X-MBX-APIKEY': this.key.apiKey });
  }

  private async send(method: string, pathAndQuery: string, headers: Record<string, string>): Promise<ApiV3Answer> {
    const base = this.baseUrl();
    if (base === undefined) throw new Error('the server is not listening yet');
    const response = await fetch(`${base}${pathAndQuery}`, { method, headers, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
}
