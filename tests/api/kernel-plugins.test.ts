import { randomUUID } from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, defineServerPlugin, type Migration, type PluginManifest, type ServerPlugin } from '../../core/plugin-api';
import { ApiError, moneyColumn, notFoundError } from '../../core/server/index';
import { availableDialects, fetchJson, startTestServer, type TestServer } from './harness';

const dialects = await availableDialects();

function manifestOf(id: string, extra: Partial<PluginManifest> = {}): PluginManifest {
  return definePlugin({ id, apiVersion: 1, parts: { server: true }, description: `test plugin ${id}`, ...extra });
}

/** A plugin exercising the registrar: a table with a money column, routes of every auth level, a download. */
function itemsPlugin(counters: { up: number; bootstrap: number; close: number }, extraMigrations: Migration[] = []) {
  const migrations: Migration[] = [
    {
      name: '001_items',
      async up(db, dialect) {
        counters.up += 1;
        await db.schema
          .createTable('kernel_test_item')
          .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
          .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
          .addColumn('amount', moneyColumn(dialect), (column) => column.notNull())
          .execute();
      },
    },
    ...extraMigrations,
  ];
  const server: ServerPlugin = defineServerPlugin({
    id: 'kernel-test',
    migrations,
    async seed(context) {
      const existing = await context.db.selectFrom('kernel_test_item').select('id').where('id', '=', 'seed').executeTakeFirst();
      if (!existing) await context.db.insertInto('kernel_test_item').values({ id: 'seed', owner_id: 'system', amount: '0.5' }).execute();
    },
    register(registrar) {
      const { db } = registrar.context;
      registrar.route<unknown, { amount: string }>({
        method: 'POST',
        path: '/kernel-test/items',
        auth: 'user',
        schema: {
          body: {
            type: 'object',
            required: ['amount'],
            additionalProperties: false,
            properties: { amount: { type: 'string', pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,18})?$' } },
          },
        },
        async handler(request) {
          const id = randomUUID();
          await db.insertInto('kernel_test_item').values({ id, owner_id: request.principal!.id, amount: request.body.amount }).execute();
          return { id };
        },
      });
      registrar.route<unknown, unknown, { id: string }>({
        method: 'GET',
        path: '/kernel-test/items/{id}',
        async handler(request) {
          const row = await db.selectFrom('kernel_test_item').selectAll().where('id', '=', request.params.id).executeTakeFirst();
          if (!row) throw notFoundError('id');
          return { id: row.id, owner: row.owner_id, amount: String(row.amount) };
        },
      });
      registrar.route({ method: 'GET', path: '/kernel-test/admin', auth: 'operator', handler: (request) => ({ operator: request.principal!.id }) });
      registrar.route({ method: 'GET', path: '/kernel-test/conflict', handler: () => { throw new ApiError(409, 'errors.conflict', { field: 'name' }); } });
      registrar.route({ method: 'GET', path: '/kernel-test/text', handler: (request) => ({ language: request.language, text: request.t('errors.notFound') }) });
      registrar.route({ method: 'GET', path: '/kernel-test/crash', handler: () => { throw new TypeError('boom'); } });
      registrar.route({
        method: 'GET',
        path: '/kernel-test/export',
        handler: () => ({ kind: 'file' as const, fileName: 'Bericht März.csv', contentType: 'text/csv; charset=utf-8', body: 'a,b\n1,2\n' }),
      });
      registrar.route({ method: 'GET', path: '/api/kernel-test-absolute', handler: () => 'absolute' });
      registrar.topicAccess('kernel-test/', (principal, topic) => principal?.kind === 'user' && topic === `kernel-test/${principal.id}`);
    },
    async bootstrap() {
      counters.bootstrap += 1;
    },
    async close() {
      counters.close += 1;
    },
  });
  return { manifest: manifestOf('kernel-test'), server };
}

describe.each(dialects)('plugin host (%s)', (dialect) => {
  const counters = { up: 0, bootstrap: 0, close: 0 };
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect, extraPlugins: [itemsPlugin(counters)] });
  });
  afterAll(async () => {
    expect(server.unexpectedErrors.map((error) => (error as Error).message)).toEqual(['boom']);
    await server.close();
  });

  it('runs migrations, seed and bootstrap once, in order', async () => {
    expect(counters).toEqual({ up: 1, bootstrap: 1, close: 0 });
    const seeded = await fetchJson(server.api('/kernel-test/items/seed'));
    expect(seeded.body.data).toMatchObject({ owner: 'system' });
    expect(seeded.body.data.amount).toMatch(/^0\.50*$/);
  });

  it('validates the body, requires a user token and stores exact decimal amounts', async () => {
    const token = server.mintToken('user', '7');
    const post = (body: unknown, auth: string | null = `bearer ${token}`, language = 'en') =>
      fetchJson(server.api('/kernel-test/items'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'mj-lang': language, ...(auth ? { 'blade-auth': auth } : {}) },
        body: JSON.stringify(body),
      });
    const created = await post({ amount: '12345678901234567890.123456789012345678' });
    expect(created.status).toBe(200);
    const read = await fetchJson(server.api(`/kernel-test/items/${created.body.data.id}`));
    expect(read.body.data).toEqual({ id: created.body.data.id, owner: '7', amount: '12345678901234567890.123456789012345678' });

    expect((await post({ amount: 12.5 })).body).toEqual({ code: 400, success: false, msg: 'amount is invalid', data: { field: 'amount' } });
    expect((await post({ amount: '1e5' }, `bearer ${token}`, 'ja')).body.msg).toBe('amount が無効です');
    expect((await post({})).body.data).toEqual({ field: 'amount' });
    expect((await post({ amount: '1', extra: true })).body.data).toEqual({ field: 'extra' });
    expect((await post({ amount: '1' }, null)).status).toBe(401);
    expect((await post({ amount: '1' }, 'bearer garbage')).status).toBe(401);
    expect((await post({ amount: '1' }, `bearer ${server.mintToken('operator', '1')}`)).status).toBe(401);
  });

  it('keeps users out of operator routes', async () => {
    const asUser = await fetchJson(server.api('/kernel-test/admin'), { headers: { 'blade-auth': `bearer ${server.mintToken('user', '1')}` } });
    expect(asUser.status).toBe(401);
    expect(asUser.body).toEqual({ code: 401, success: false, msg: 'Please log in', data: null });
    const asOperator = await fetchJson(server.api('/kernel-test/admin'), { headers: { 'blade-auth': `bearer ${server.mintToken('operator', '1')}` } });
    expect(asOperator.body.data).toEqual({ operator: '1' });
    // a signed token of an operator that does not exist (or is disabled) opens nothing
    const unknownOperator = await fetchJson(server.api('/kernel-test/admin'), { headers: { 'blade-auth': `bearer ${server.mintToken('operator', '3')}` } });
    expect(unknownOperator.status).toBe(401);
  });

  it('turns ApiError into its status with a translated message and the field', async () => {
    const { status, body } = await fetchJson(server.api('/kernel-test/conflict'), { headers: { 'mj-lang': 'de' } });
    expect(status).toBe(409);
    expect(body).toEqual({ code: 409, success: false, msg: 'Dieser Eintrag existiert bereits', data: { field: 'name' } });
    expect((await fetchJson(server.api('/kernel-test/text'), { headers: { 'mj-lang': 'tr' } })).body.data).toEqual({ language: 'tr', text: 'Bulunamadı' });
  });

  it('answers an unexpected failure with a 500 "busy" envelope and no details', async () => {
    const { status, body } = await fetchJson(server.api('/kernel-test/crash'), { headers: { 'mj-lang': 'zh-TW' } });
    expect(status).toBe(500);
    expect(body).toEqual({ code: 500, success: false, msg: '系統目前繁忙，請聯絡線下助理', data: null });
  });

  it('sends a FileResult as a download and mounts /api/ paths as given', async () => {
    const response = await fetch(server.api('/kernel-test/export'));
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Bericht M_rz.csv"; filename*=UTF-8''Bericht%20M%C3%A4rz.csv`);
    expect(await response.text()).toBe('a,b\n1,2\n');
    expect((await fetchJson(`${server.baseUrl}/api/kernel-test-absolute`)).body.data).toBe('absolute');
  });

  it('wires context.realtime and topicAccess to the MQTT broker on /mqtt', async () => {
    const client = mqtt.connect(`${server.baseUrl.replace('http', 'ws')}/mqtt`, {
      username: 'token',
      password: server.mintToken('user', '7'),
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
      });
      const granted = await client.subscribeAsync('kernel-test/7');
      expect(granted.map((grant) => grant.qos)).toEqual([0]);
      await expect(client.subscribeAsync('kernel-test/8')).rejects.toThrow(/Subscribe error/);
      const received = new Promise<{ topic: string; payload: any }>((resolve) =>
        client.once('message', (topic, payload) => resolve({ topic, payload: JSON.parse(payload.toString()) })),
      );
      server.context.realtime.publish('kernel-test/7', { balance: '1.5' });
      const message = await received;
      expect(message.topic).toBe('kernel-test/7');
      expect(message.payload).toMatchObject({ data: { balance: '1.5' } });
      expect(typeof message.payload.seq).toBe('number');
    } finally {
      await client.endAsync();
    }
  });
});

describe.each(dialects)('migrations and restarts (%s)', (dialect) => {
  it('applies each migration once across restarts, applies new ones, and keeps seeds idempotent', async () => {
    const counters = { up: 0, bootstrap: 0, close: 0 };
    const first = await startTestServer({ dialect, extraPlugins: [itemsPlugin(counters)] });
    let current = first;
    try {
      const names = async () => (await current.context.db.selectFrom('migrations').select('name').execute()).map((row) => row.name).sort();
      const count = async (table: string) =>
        Number((await current.context.db.selectFrom(table).select(({ fn }) => fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(await names()).toEqual(['core:001_cgform', 'core:002_operator', 'core:003_audit_log', 'core:004_upload', 'core:005_revoked_session', 'core:006_operator_totp', 'core:007_operator_session', 'kernel-test:001_items']);
      const navRows = await count('cgform_row');
      await first.close({ keepData: true });
      expect(counters.close).toBe(1);

      let addedRuns = 0;
      const added: Migration = {
        name: '002_item_note',
        async up(db) {
          addedRuns += 1;
          await db.schema.alterTable('kernel_test_item').addColumn('note', 'text').execute();
        },
      };
      current = await startTestServer({ dialect, reuse: first, extraPlugins: [itemsPlugin(counters, [added])] });
      expect(counters.up).toBe(1);
      expect(addedRuns).toBe(1);
      expect(await names()).toContain('kernel-test:002_item_note');
      expect((await names()).length).toBe(9);
      expect(await count('cgform_row')).toBe(navRows);
      expect(await count('operator')).toBe(1);
      expect(await count('kernel_test_item')).toBe(1);
      await current.close({ keepData: true });

      current = await startTestServer({ dialect, reuse: first, extraPlugins: [itemsPlugin(counters, [added])] });
      expect(addedRuns).toBe(1);
      expect((await names()).length).toBe(9);
    } finally {
      await current.close();
    }
  });

  it('rolls back a failing migration completely and refuses to start', async () => {
    const broken = defineServerPlugin({
      id: 'kernel-broken',
      migrations: [
        {
          name: '001_half',
          async up(db) {
            await db.schema.createTable('kernel_half').addColumn('id', 'integer').execute();
            throw new Error('disk on fire');
          },
        },
      ],
      register() {},
    });
    const first = await startTestServer({ dialect });
    await first.close({ keepData: true });
    await expect(startTestServer({ dialect, reuse: first, extraPlugins: [{ manifest: manifestOf('kernel-broken'), server: broken }] })).rejects.toThrow(
      'migration kernel-broken:001_half failed: disk on fire',
    );
    const again = await startTestServer({ dialect, reuse: first });
    try {
      const tables = (await again.context.db.introspection.getTables()).map((table) => table.name);
      expect(tables).not.toContain('kernel_half');
      const names = (await again.context.db.selectFrom('migrations').select('name').execute()).map((row) => row.name);
      expect(names).not.toContain('kernel-broken:001_half');
    } finally {
      await again.close();
    }
  });
});

describe('plugin graph errors', () => {
  const noop = (id: string) => defineServerPlugin({ id, register() {} });

  it('fails on a missing dependency with a clear message', async () => {
    const plugin = { manifest: manifestOf('needs-ledger', { dependsOn: ['ledger-x'] }), server: noop('needs-ledger') };
    await expect(startTestServer({ extraPlugins: [plugin] })).rejects.toThrow(
      'plugin "needs-ledger" depends on "ledger-x", which the site config does not select',
    );
  });

  it('fails on a wrong apiVersion, a cycle, a missing plugin folder and a mismatched server id', async () => {
    await expect(startTestServer({ extraPlugins: [{ manifest: manifestOf('future', { apiVersion: 2 }), server: noop('future') }] })).rejects.toThrow(
      'plugin "future" targets plugin API version 2',
    );
    const a = { manifest: manifestOf('cycle-a', { dependsOn: ['cycle-b'] }), server: noop('cycle-a') };
    const b = { manifest: manifestOf('cycle-b', { dependsOn: ['cycle-a'] }), server: noop('cycle-b') };
    await expect(startTestServer({ extraPlugins: [a, b] })).rejects.toThrow(/plugin dependency cycle: cycle-a -> cycle-b -> cycle-a/);
    await expect(startTestServer({ site: { plugins: ['no-such-plugin'] } })).rejects.toThrow(
      /plugin "no-such-plugin" is selected but .*plugins\/no-such-plugin\/plugin\.ts does not exist/,
    );
    await expect(startTestServer({ extraPlugins: [{ manifest: manifestOf('named'), server: noop('other-name') }] })).rejects.toThrow(
      'server part of plugin "named" declares id "other-name"',
    );
  });

  it('loads dependencies first', async () => {
    const order: string[] = [];
    const tracking = (id: string) => defineServerPlugin({ id, register: () => void order.push(id) });
    const server = await startTestServer({
      extraPlugins: [
        { manifest: manifestOf('top', { dependsOn: ['base'] }), server: tracking('top') },
        { manifest: manifestOf('base'), server: tracking('base') },
      ],
    });
    await server.close();
    expect(order).toEqual(['base', 'top']);
  });
});
