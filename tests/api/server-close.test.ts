// Closing the server while a route handler still runs: the listener closes at once, but the plugins close only
// after the handler has finished, so it never meets a closed plugin.
import { describe, expect, it } from 'vitest';
import { definePlugin, PLUGIN_API_VERSION, type ServerPlugin } from '../../core/plugin-api';
import { startTestServer } from './harness';

describe('server close', () => {
  it('lets a running handler finish before the plugins close', async () => {
    const events: string[] = [];
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let open = true;
    const server: ServerPlugin = {
      id: 'slow',
      register(registrar) {
        registrar.route({
          method: 'GET',
          path: '/slow/work',
          handler: async () => {
            entered();
            await released;
            events.push(open ? 'handler finished with the plugin open' : 'handler met a closed plugin');
            return null;
          },
        });
      },
      async close() {
        open = false;
        events.push('plugin closed');
      },
    };
    const manifest = definePlugin({ id: 'slow', apiVersion: PLUGIN_API_VERSION, parts: { web: false, server: true }, description: 'A slow route.' });
    const running = await startTestServer({ extraPlugins: [{ manifest, server }] });
    const request = fetch(running.api('/slow/work')).catch(() => 'connection closed');
    await handlerEntered;
    const closing = running.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    release();
    await closing;
    await request;
    expect(events).toEqual(['handler finished with the plugin open', 'plugin closed']);
    expect(running.unexpectedErrors).toEqual([]);
  });
});
