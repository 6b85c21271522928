// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { definePlugin, defineWebPlugin, PLUGIN_API_VERSION } from '../../../../core/plugin-api';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot } from '../../../../core/web/testing/test-root';
import type { KycApplicationView } from '../../../kyc/shared/types';
import manifest from '../../plugin';
import identityWeb from '../index';
import AccountInfoPage from './AccountInfoPage';
import { KYC_PAGE_ROUTE } from './use-kyc-badge';

const KYC_MINE = '/api/mjkj-web/coin/member/getMemberOtherData/yhrzxx';
const user = { id: '7', uid: '48213377', email: 'anna@example.com', area_code: '49', googleBound: false, tradePwdSet: false, antiCodeSet: false };

/** A plugin that provides the verification page's route, as the kyc plugin does. */
const kycRouteOwner = {
  manifest: definePlugin({ id: 'kyc', apiVersion: PLUGIN_API_VERSION, dependsOn: ['identity'], parts: { web: true }, description: 'verification page' }),
  web: defineWebPlugin({
    id: 'kyc',
    routes: [{ name: KYC_PAGE_ROUTE, path: '/account/center/kyc', page: async () => ({ default: () => null }), requiresLogin: true }],
  }),
};

afterEach(() => cleanup());

async function renderInfo(options: { kycRoute: boolean; answer?: KycApplicationView | null }) {
  const identity = { manifest, web: identityWeb };
  const showError = vi.fn();
  const setup = createTestRoot({ plugins: options.kycRoute ? [identity, kycRouteOwner] : [identity], showError });
  setup.root.session.storeGrant({ access_token: 'access', refresh_token: 'refresh', user_id: '7', uid: '48213377' });
  setup.root.session.updateUser(user as never);
  if (options.answer !== undefined) setup.api.answers[KYC_MINE] = options.answer;
  await act(async () => {
    render(
      <RootProvider root={setup.root}>
        <AccountInfoPage />
      </RootProvider>,
    );
  });
  return { ...setup, showError };
}

const application = (changes: Partial<KycApplicationView>): KycApplicationView => ({
  status: 'submitted',
  reason: null,
  realName: 'Anna Müller',
  idNumberMasked: '****T479',
  country: 'DE',
  submittedAt: '2026-05-01T10:00:00.000Z',
  reviewedAt: null,
  ...changes,
});

const kycFact = () => screen.findByTestId('account-kyc');

describe('AccountInfoPage: identity verification', () => {
  it('reads the state silently and offers verification to a member who never applied', async () => {
    const setup = await renderInfo({ kycRoute: true, answer: null });
    const fact = await kycFact();
    expect(fact.dataset.state).toBe('none');
    expect(fact.querySelector('.semi-tag')!.textContent).toBe('account.kycState.none');
    const link = fact.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/account/center/kyc');
    expect(link.textContent).toBe('account.kycVerify');
    const call = setup.api.requests.find((request) => request.url.pathname === KYC_MINE)!;
    expect(call.method).toBe('GET');
  });

  it('shows an application under review with a link to its details', async () => {
    await renderInfo({ kycRoute: true, answer: application({}) });
    const fact = await kycFact();
    expect(fact.dataset.state).toBe('submitted');
    expect(fact.querySelector('.semi-tag')!.textContent).toBe('account.kycState.submitted');
    expect(fact.querySelector('a')!.textContent).toBe('account.kycView');
    expect(screen.queryByTestId('account-kyc-reason')).toBeNull();
  });

  it('shows a verified member as verified', async () => {
    await renderInfo({ kycRoute: true, answer: application({ status: 'approved', reviewedAt: '2026-05-02T10:00:00.000Z' }) });
    const fact = await kycFact();
    expect(fact.dataset.state).toBe('approved');
    expect(fact.querySelector('.semi-tag-green-light, .semi-tag-green')).toBeTruthy();
  });

  it('shows a rejection with its reason and offers to verify again', async () => {
    await renderInfo({ kycRoute: true, answer: application({ status: 'rejected', reason: 'The back is blurred' }) });
    const fact = await kycFact();
    expect(fact.dataset.state).toBe('rejected');
    expect(screen.getByTestId('account-kyc-reason')).toBeTruthy();
    expect(fact.querySelector('a')!.textContent).toBe('account.kycVerify');
  });

  it('shows the state without a link when no plugin provides the verification page', async () => {
    await renderInfo({ kycRoute: false, answer: application({ status: 'approved' }) });
    const fact = await kycFact();
    expect(fact.dataset.state).toBe('approved');
    expect(fact.querySelector('a')).toBeNull();
  });

  it('shows nothing, and no error, on a site without verification (404)', async () => {
    const setup = await renderInfo({ kycRoute: false });
    await waitFor(() => expect(setup.api.paths()).toContain(KYC_MINE));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByTestId('account-uid')).toBeTruthy();
    expect(screen.queryByTestId('account-kyc')).toBeNull();
    expect(setup.showError).not.toHaveBeenCalled();
  });
});
