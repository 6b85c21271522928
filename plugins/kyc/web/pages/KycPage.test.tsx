// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot } from '../../../../core/web/testing/test-root';
import type { KycApplicationView } from '../../shared/types';
import KycPage from './KycPage';

const MINE = '/api/mjkj-web/coin/member/getMemberOtherData/yhrzxx';

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  cleanup();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

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

async function renderPage(state: KycApplicationView | null) {
  const setup = createTestRoot();
  setup.api.answers[MINE] = state;
  await act(async () => {
    render(
      <RootProvider root={setup.root}>
        <KycPage />
      </RootProvider>,
    );
  });
  return setup;
}

const picker = (which: string) => document.querySelector<HTMLInputElement>(`input[type="file"][name="${which}"]`)!;
const pick = (which: string, file: File) => fireEvent.change(picker(which), { target: { files: [file] } });

describe('KycPage', () => {
  it('shows an application under review without the form', async () => {
    await renderPage(application({}));
    const state = await screen.findByTestId('kyc-state');
    expect(state.dataset.status).toBe('submitted');
    expect(state.textContent).toContain('****T479');
    expect(document.querySelector('form')).toBeNull();
  });

  it('shows the reason of a rejection and opens the form again on resubmit', async () => {
    await renderPage(application({ status: 'rejected', reason: 'The back is blurred', reviewedAt: '2026-05-02T10:00:00.000Z' }));
    expect((await screen.findByTestId('kyc-reason')).textContent).toBe('The back is blurred');
    fireEvent.click(screen.getByRole('button', { name: 'resubmit' }));
    await waitFor(() => expect(picker('front')).toBeTruthy());
    expect(screen.queryByTestId('kyc-state')).toBeNull();
  });

  it('offers the form with four image pickers that accept the ID image types only', async () => {
    await renderPage(null);
    await waitFor(() => expect(picker('front')).toBeTruthy());
    for (const which of ['front', 'back', 'hand', 'phone']) {
      expect(picker(which).accept).toBe('image/jpeg,image/png,image/bmp,image/gif');
    }
  });

  it('checks picked files at once and shows a preview of a good one', async () => {
    const urls: string[] = [];
    URL.createObjectURL = (() => {
      urls.push('blob:preview');
      return 'blob:preview';
    }) as typeof URL.createObjectURL;
    URL.revokeObjectURL = () => undefined;
    await renderPage(null);
    await waitFor(() => expect(picker('front')).toBeTruthy());

    pick('front', new File(['<html>'], 'front.html', { type: 'text/html' }));
    await waitFor(() => expect(document.querySelector('[data-image="front"] [role="alert"]')!.textContent).toBe('idImageType'));
    pick('back', new File([new Uint8Array(6 * 1024 * 1024)], 'back.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(document.querySelector('[data-image="back"] [role="alert"]')!.textContent).toBe('idImageSize'));

    pick('hand', new File([new Uint8Array(10)], 'hand.png', { type: 'image/png' }));
    await waitFor(() => expect(document.querySelector<HTMLImageElement>('[data-image="hand"] img')!.src).toBe('blob:preview'));
    expect(document.querySelector('[data-image="hand"] [role="alert"]')).toBeNull();
  });

  it('names every missing field on submit and calls nothing', async () => {
    const setup = await renderPage(null);
    await waitFor(() => expect(picker('front')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'form.submit' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'form.realNameRequired',
      'form.idNumberRequired',
      'form.countryRequired',
      'form.imageRequired',
      'form.imageRequired',
      'form.imageRequired',
    ]));
    expect(setup.api.paths()).toEqual([MINE]);
  });
});
