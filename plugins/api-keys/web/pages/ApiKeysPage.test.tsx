// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot } from '../../../../core/web/testing/test-root';
import type { ApiKeyView } from '../../shared/types';
import ApiKeysPage from './ApiKeysPage';

const API = '/api/mjkj-web/coin/member/apiKey';
const SECRET = 's'.repeat(64);
const key = (id: string, label: string): ApiKeyView => ({
  id,
  label,
  apiKey: `${id}`.padEnd(64, 'K'),
  permissions: ['read'],
  ips: [],
  createdAt: '2026-05-01T10:00:00.000Z',
  lastUsedAt: null,
  disabled: false,
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

async function renderPage() {
  const setup = createTestRoot();
  let keys = [key('1', 'Old bot')];
  Object.assign(setup.api.answers, {
    [`${API}/list`]: () => keys,
    [`${API}/create`]: (request: { body: any }) => {
      const created: ApiKeyView = { ...key('2', request.body.label), permissions: request.body.trade ? ['read', 'trade'] : ['read'], ips: request.body.ips };
      keys = [created, ...keys];
      return { ...created, secret: SECRET };
    },
    [`${API}/delete/1`]: () => {
      keys = keys.filter((row) => row.id !== '1');
      return null;
    },
  });
  await act(async () => {
    render(
      <RootProvider root={setup.root}>
        <ApiKeysPage />
      </RootProvider>,
    );
  });
  return setup;
}

describe('ApiKeysPage', () => {
  it('creates a key, shows its secret once with a copy button, and forgets it when closed', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const setup = await renderPage();
    expect(await screen.findByText('Old bot')).toBeTruthy();

    fireEvent.click(screen.getAllByText('create')[0]);
    const dialog = await screen.findByRole('dialog');
    const inputs = dialog.querySelectorAll('input');
    fireEvent.change(inputs[0], { target: { value: 'Grid bot' } });
    fireEvent.click(within(dialog).getByText('permission.trade'));
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '203.0.113.7\n10.0.0.0/24' } });
    fireEvent.change(dialog.querySelector('input[type="password"]')!, { target: { value: '246810' } });
    fireEvent.click(within(dialog).getByText('create').closest('button')!);

    await waitFor(() => expect(screen.getByTestId('api-keys-secret').textContent).toBe(SECRET));
    const sent = setup.api.requests.find((request) => request.url.pathname === `${API}/create`)!;
    expect(sent.body).toEqual({ label: 'Grid bot', trade: true, ips: ['203.0.113.7', '10.0.0.0/24'], tradePassword: '246810' });
    expect(screen.getByText('secretWarning')).toBeTruthy();

    const secretRow = screen.getByTestId('api-keys-secret').parentElement!;
    fireEvent.click(within(secretRow).getByText('copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));

    fireEvent.click(screen.getByText('done'));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(await screen.findByText('Grid bot')).toBeTruthy();
    // the list never carries the secret; opening the dialog again shows an empty form
    fireEvent.click(screen.getAllByText('create')[0]);
    await screen.findByRole('dialog');
    expect(screen.queryByTestId('api-keys-secret')).toBeNull();
  });

  it('keeps the create button disabled without a label or the transaction password', async () => {
    const setup = await renderPage();
    fireEvent.click(screen.getAllByText('create')[0]);
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByText('create').closest('button')!;
    expect(ok.disabled).toBe(true);
    fireEvent.change(dialog.querySelectorAll('input')[0], { target: { value: 'Bot' } });
    expect(ok.disabled).toBe(true);
    fireEvent.click(ok);
    expect(setup.api.paths()).not.toContain(`${API}/create`);
  });

  it('deletes a key only after confirmation', async () => {
    const setup = await renderPage();
    const row = (await screen.findByText('Old bot')).closest('tr')!;
    fireEvent.click(within(row).getByText('delete'));
    const confirm = await screen.findByRole('dialog');
    expect(setup.api.paths()).not.toContain(`${API}/delete/1`);
    fireEvent.click(within(confirm).getByText('delete'));
    await waitFor(() => expect(setup.api.paths()).toContain(`${API}/delete/1`));
    await waitFor(() => expect(screen.queryByText('Old bot')).toBeNull());
  });
});
