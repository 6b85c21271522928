// The member site's whole shell in a web test: msw answers the member's profile, the root store hydrates, loads its
// texts and boot data, signs the member in (none: a visitor) and renders at `path`.
import { act, render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import { ShellApp } from '../../core/web/app/shell-app';
import { createTestRoot, type TestRootOptions } from '../../core/web/testing/test-root';

const API = '*/api/mjkj-web';
const ok = (data: unknown) => HttpResponse.json({ code: 200, success: true, msg: 'success', data });

/** What getMemberInfo answers: the member's id and uid, and whatever else a test needs. */
export interface ShellMember {
  id: string | number;
  uid: string | number;
  [field: string]: unknown;
}

/** Renders the shell; the root is added to `opened` so that the test can dispose of it afterwards. */
export async function openMemberShell(options: {
  server: SetupServer;
  plugins: NonNullable<TestRootOptions['plugins']>;
  path: string;
  member: ShellMember | null;
  opened: { dispose(): void }[];
}) {
  const { server, plugins, path, member, opened } = options;
  window.history.replaceState(null, '', path);
  server.use(
    http.get(`${API}/coin/member/getMemberInfo`, () => ok(member)),
    http.get(`${API}/coin/member/returnApplyQuery`, () => ok({ status: null })),
  );
  const setup = createTestRoot({ plugins, fetch: (input, init) => globalThis.fetch(input, init) });
  opened.push(setup.root);
  await setup.root.hydrate();
  await setup.root.loadTexts();
  await setup.root.loadBoot();
  if (member) await setup.root.session.login({ access_token: 'access', refresh_token: 'refresh', user_id: String(member.id), uid: String(member.uid) });
  setup.root.start();
  await act(async () => {
    render(<ShellApp root={setup.root} />);
  });
  return setup;
}
