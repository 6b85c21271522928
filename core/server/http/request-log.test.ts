import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DebugRequestLog } from './request-log';

/** A Fastify app logging at `level` through DebugRequestLog; the messages of the lines it wrote. */
async function messagesAfterRequests(level: string): Promise<string[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new DebugRequestLog() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  await app.inject({ method: 'GET', url: '/ok' });
  await app.inject({ method: 'GET', url: '/fails' });
  await app.close();
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe('DebugRequestLog', () => {
  it('writes no line for a request at info', async () => {
    const messages = await messagesAfterRequests('info');
    expect(messages).not.toContain('incoming request');
    expect(messages).not.toContain('request completed');
    // the default error handler's line for the failed request is still written
    expect(messages).toContain('boom');
  });

  it('writes both lines of every request at debug', async () => {
    const messages = await messagesAfterRequests('debug');
    expect(messages.filter((message) => message === 'incoming request')).toHaveLength(2);
    expect(messages.filter((message) => message === 'request completed')).toHaveLength(2);
  });
});
