// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot } from '../../../../core/web/testing/test-root';
import type { ApiKeyView } from '../../shared/types';
import ApiKeysPage from './ApiKeysPage';

const API = '/api/mjkj-web/coin/member/apiKey';
const fieldError = (dialog: HTMLElement, field: string) => dialog.querySelector(`[data-field="${field}"] [role="alert"]`)?.textContent ?? null;
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
  const showError = vi.fn();
  const setup = createTestRoot({ showError });
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
  return { ...setup, showError };
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

  it('names a missing label or transaction password on its field, and sends nothing', async () => {
    const setup = await renderPage();
    fireEvent.click(screen.getAllByText('create')[0]);
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByText('create').closest('button')!;
    fireEvent.change(dialog.querySelectorAll('input')[0], { target: { value: '   ' } });
    fireEvent.click(ok);
    await waitFor(() => expect(fieldError(dialog, 'label')).toBe('labelRequired'));
    fireEvent.change(dialog.querySelectorAll('input')[0], { target: { value: 'Bot' } });
    expect(fieldError(dialog, 'label')).toBeNull();
    fireEvent.click(ok);
    await waitFor(() => expect(fieldError(dialog, 'tradePassword')).toBe('tradePasswordRequired'));
    expect(dialog.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(setup.api.paths()).not.toContain(`${API}/create`);
  });

  it('shows each refusal of the server under the field it names, however quickly they come', async () => {
    const setup = await renderPage();
    let attempt = 0;
    setup.api.answers[`${API}/create`] = () => {
      attempt += 1;
      const refusals = [
        { field: 'ips', msg: '"1.2.3.999" is not an IP address or CIDR range' },
        { field: 'ips', msg: '"10.0.0.0/33" is not an IP address or CIDR range' },
        { field: 'tradePassword', msg: 'The transaction password is not correct' },
        { msg: 'You can have at most 20 API keys' },
      ];
      const { field, msg } = refusals[attempt - 1]!;
      return Response.json({ code: 400, success: false, msg, data: field ? { field } : null }, { status: 400 });
    };
    fireEvent.click(screen.getAllByText('create')[0]);
    const dialog = await screen.findByRole('dialog');
    // the button is drawn anew after each answer
    const ok = () => within(dialog).getByText('create').closest('button')!;
    fireEvent.change(dialog.querySelectorAll('input')[0], { target: { value: 'Bot' } });
    fireEvent.change(dialog.querySelector('input[type="password"]')!, { target: { value: '111111' } });
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '1.2.3.999' } });
    fireEvent.click(ok());
    await waitFor(() => expect(fieldError(dialog, 'ips')).toBe('"1.2.3.999" is not an IP address or CIDR range'));
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '10.0.0.0/33' } });
    fireEvent.click(ok());
    await waitFor(() => expect(fieldError(dialog, 'ips')).toBe('"10.0.0.0/33" is not an IP address or CIDR range'));
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '10.0.0.0/24' } });
    fireEvent.click(ok());
    await waitFor(() => expect(fieldError(dialog, 'tradePassword')).toBe('The transaction password is not correct'));
    expect(fieldError(dialog, 'ips')).toBeNull();
    fireEvent.click(ok());
    await waitFor(() => expect(dialog.querySelector('.api-keys-form__error')?.textContent).toBe('You can have at most 20 API keys'));
    expect(dialog.querySelectorAll('[role="alert"]')).toHaveLength(1);
    // the dialog says it; no toast repeats it
    expect(setup.showError).not.toHaveBeenCalled();
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
