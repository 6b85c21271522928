// @vitest-environment happy-dom
import type { ComponentType } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot } from '../../../../core/web/testing/test-root';
import consoleCoreManifest from '../../../console-core/plugin';
import { OPERATOR_CONSOLE_STORE, type OperatorConsole } from '../../../console-core/shared/types';
import consoleCoreWeb from '../../../console-core/web';
import type { KycReviewItem } from '../../../kyc/shared/types';
import type { ConsoleMember } from '../../shared/types';
import KycQueuePage from './KycQueuePage';
import MembersPage from './MembersPage';

const API = '/api/mjkj-web';
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 20, current: 1, pages: 1 });

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  globalThis.fetch = realFetch;
});

/** Images of the operator route are fetched with the operator header; this records those requests. */
function fakeImageFetch(): Array<{ url: string; auth: string | null }> {
  const seen: Array<{ url: string; auth: string | null }> = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), auth: new Headers(init?.headers).get('Blade-Auth') });
    return new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } });
  }) as typeof fetch;
  URL.createObjectURL = () => 'blob:kyc-image';
  URL.revokeObjectURL = () => undefined;
  return seen;
}

async function renderSignedIn(Page: ComponentType, answers: Record<string, unknown>) {
  const setup = createTestRoot({ plugins: [{ manifest: consoleCoreManifest, web: consoleCoreWeb }] });
  Object.assign(setup.api.answers, {
    [`${API}/console/auth/login`]: { access_token: 'operator-token', token_type: 'bearer', expires_in: 3600, operator: { id: '1', username: 'admin', role: 'admin' } },
    ...answers,
  });
  setup.root.start();
  const session = setup.root.store<OperatorConsole & { signIn(u: string, p: string): Promise<boolean> }>(OPERATOR_CONSOLE_STORE);
  await waitFor(() => expect(session.hydrated).toBe(true));
  expect(await session.signIn('admin', 'secret')).toBe(true);
  await act(async () => {
    render(
      <RootProvider root={setup.root}>
        <Page />
      </RootProvider>,
    );
  });
  return setup;
}

const item = (changes: Partial<KycReviewItem> = {}): KycReviewItem => ({
  id: '7',
  memberId: '12',
  realName: 'Anna Müller',
  idNumberMasked: '****T479',
  country: 'DE',
  status: 'submitted',
  reason: null,
  submittedAt: '2026-05-01T10:00:00.000Z',
  reviewedAt: null,
  images: ['front', 'back', 'hand'],
  operatorId: null,
  ...changes,
});

describe('KYC review queue', () => {
  it('lists open applications with the operator token, asks for a reason and rejects with it', async () => {
    const images = fakeImageFetch();
    let current = item();
    const setup = await renderSignedIn(KycQueuePage, {
      [`${API}/console/kyc/applications`]: () => page([current]),
      [`${API}/console/kyc/applications/7`]: () => current,
      [`${API}/console/kyc/applications/7/reject`]: (request: { body: { reason: string } }) => (current = item({ status: 'rejected', reason: request.body.reason })),
    });
    const row = (await screen.findByText('Anna Müller')).closest('tr')!;
    const list = setup.api.requests.find((request) => request.url.pathname === `${API}/console/kyc/applications`)!;
    expect(list.headers.get('Blade-Auth')).toBe('bearer operator-token');
    expect(list.url.searchParams.get('status')).toBe('submitted');

    fireEvent.click(within(row).getByText('review'));
    const detail = await screen.findByTestId('kyc-detail');
    expect(detail.querySelectorAll('figure')).toHaveLength(3);
    await waitFor(() => expect(detail.querySelectorAll('img[src="blob:kyc-image"]')).toHaveLength(3));
    expect(images.map((image) => image.url).sort()).toEqual(
      ['back', 'front', 'hand'].map((which) => `${API}/console/kyc/applications/7/image/${which}`),
    );
    expect(images.every((image) => image.auth === 'bearer operator-token')).toBe(true);
    fireEvent.click(within(detail).getByText('reject'));
    expect((await within(detail).findByRole('alert')).textContent).toBe('reasonRequired');
    expect(setup.api.paths()).not.toContain(`${API}/console/kyc/applications/7/reject`);

    fireEvent.change(within(detail).getByRole('textbox'), { target: { value: 'The back is blurred' } });
    fireEvent.click(within(detail).getByText('reject'));
    await waitFor(() => expect(setup.api.paths()).toContain(`${API}/console/kyc/applications/7/reject`));
    const reject = setup.api.requests.find((request) => request.url.pathname.endsWith('/7/reject'))!;
    expect(reject.body).toEqual({ reason: 'The back is blurred' });
    expect(reject.headers.get('Blade-Auth')).toBe('bearer operator-token');
    await waitFor(() => expect(within(screen.getByTestId('kyc-detail')).queryByText('approve')).toBeNull());
  });
});

describe('Members', () => {
  it('searches, opens a member with the KYC state and freezes after confirmation', async () => {
    const member: ConsoleMember = {
      id: '12', uid: '48213377', email: 'anna@example.com', areaCode: null, phone: null, avatar: null,
      isMerchant: 0, supported: 0, status: 'active', inviteCode: 'K7MQ2XPA', createdAt: '2026-05-01T10:00:00.000Z',
    };
    let status: ConsoleMember['status'] = 'active';
    const setup = await renderSignedIn(MembersPage, {
      [`${API}/console/identity/members`]: () => page([{ ...member, status }]),
      [`${API}/console/identity/members/12`]: () => ({ member: { ...member, status }, kyc: { ...item({ status: 'approved' }), id: '7' } }),
      [`${API}/console/identity/members/12/freeze`]: () => ({ ...member, status: (status = 'frozen') }),
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'searchMembers' }), { target: { value: ' 48213377 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() =>
      expect(setup.api.requests.some((request) => request.url.searchParams.get('search') === '48213377')).toBe(true),
    );
    fireEvent.click(within((await screen.findByText('anna@example.com')).closest('tr')!).getByText('details'));
    const detail = await screen.findByTestId('member-detail');
    expect(detail.textContent).toContain('status.approved');
    fireEvent.click(within(detail).getByRole('button', { name: 'freeze' }));
    fireEvent.click(await screen.findByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(setup.api.paths()).toContain(`${API}/console/identity/members/12/freeze`));
    await waitFor(() => expect(within(screen.getByTestId('member-detail')).getByRole('button', { name: 'unfreeze' })).toBeTruthy());
  });
});
