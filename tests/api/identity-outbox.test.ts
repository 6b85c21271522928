import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transport } from '../../plugins/identity/server';
import { availableDialects, fetchJson, startTestServer, testIdentityPlugin, type TestDialect, type TestServer } from './harness';

const dialects = await availableDialects();

/** An SMTP stand-in that records what it is given and fails for addresses at fail.example. */
function recordingTransport() {
  const sent: Array<{ to: string; subject: string | null; body: string }> = [];
  const transport: Transport = {
    async send(message) {
      if (message.to.endsWith('@fail.example')) throw new Error('550 mailbox unavailable');
      sent.push({ to: message.to, subject: message.subject, body: message.body });
    },
  };
  return { sent, transport };
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(dialects.map((dialect) => [dialect] as [TestDialect]))('identity outbox delivery (%s)', (dialect) => {
  let server: TestServer;
  const smtp = recordingTransport();

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      extraPlugins: [testIdentityPlugin({ transports: { email: smtp.transport } })],
    });
  });
  afterAll(async () => {
    await server?.close();
    expect(server?.unexpectedErrors ?? []).toEqual([]);
  });

  const send = (email: string, ip: string) =>
    fetchJson(`${server.api('/coin/open/send/email')}?${new URLSearchParams({ email, type: 'register' })}`, { headers: { 'x-forwarded-for': ip } });
  const row = (to: string) => server.context.db.selectFrom('outbox').selectAll().where('to', '=', to).executeTakeFirstOrThrow();

  it('delivers mail through the configured transport right after the code is stored', async () => {
    expect((await send('carol@example.com', '10.1.0.1')).status).toBe(200);
    await waitFor(async () => (await row('carol@example.com')).sent_at !== null);
    expect(smtp.sent).toHaveLength(1);
    expect(smtp.sent[0]!.to).toBe('carol@example.com');
    expect(smtp.sent[0]!.body).toMatch(/\b\d{6}\b/);
    const delivered = await row('carol@example.com');
    expect(delivered).toMatchObject({ error: null });
    expect(Number(delivered.attempts)).toBe(1);
  });

  it('keeps a failed delivery pending with its error, and keeps delivered mail out of the development mailbox', async () => {
    expect((await send('dave@fail.example', '10.1.0.2')).status).toBe(200);
    await waitFor(async () => (await row('dave@fail.example')).error !== null);
    const failed = await row('dave@fail.example');
    expect(failed).toMatchObject({ sent_at: null, error: '550 mailbox unavailable' });

    const mailbox = await fetchJson(server.api('/console/dev/mailbox'), { headers: { 'blade-auth': `bearer ${server.mintToken('operator', '1')}` } });
    expect(mailbox.status).toBe(200);
    expect(mailbox.body.data.records).toEqual([]);
  });
});
