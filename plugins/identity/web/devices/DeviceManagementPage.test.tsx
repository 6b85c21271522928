// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot } from '../../../../core/web/testing/test-root';
import type { LoginDevice } from '../../shared/types';
import DeviceManagementPage from './DeviceManagementPage';

const API = '/api/mjkj-web/coin/member';
const device = (id: string, name: string | null, current: boolean): LoginDevice => ({
  id,
  device_id: `fingerprint-${id}`,
  name,
  last_ip: `10.0.0.${id}`,
  last_seen_at: '2026-05-01T10:00:00.000Z',
  created_at: '2026-04-01T10:00:00.000Z',
  current,
});

afterEach(cleanup);

async function renderPage() {
  const setup = createTestRoot();
  let devices = [device('1', 'Desk', true), device('2', null, false)];
  Object.assign(setup.api.answers, {
    [`${API}/getLoginDevice`]: () => devices,
    [`${API}/deleteDevice/2`]: () => {
      devices = devices.filter((row) => row.id !== '2');
      return null;
    },
    [`${API}/getLoginLog`]: { records: [{ id: '9', time: '2026-05-01T10:00:00.000Z', ip: '10.0.0.1', device_id: 'fingerprint-1', device_name: 'Desk', user_agent: null, result: 'success' }], total: 1, size: 10, current: 1, pages: 1 },
  });
  await act(async () => {
    render(
      <RootProvider root={setup.root}>
        <DeviceManagementPage />
      </RootProvider>,
    );
  });
  return setup;
}

describe('DeviceManagementPage', () => {
  it('marks the current device, offers no removal for it, and removes another after confirmation', async () => {
    const setup = await renderPage();
    const currentRow = (await screen.findAllByText('Desk'))[0].closest('tr')!;
    expect(within(currentRow).getByText('devices.thisDevice')).toBeTruthy();
    expect(within(currentRow).queryByText('devices.remove')).toBeNull();

    const otherRow = screen.getByText('devices.unnamed').closest('tr')!;
    fireEvent.click(within(otherRow).getByText('devices.remove'));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByText('devices.remove'));
    await waitFor(() => expect(setup.api.paths()).toContain(`${API}/deleteDevice/2`));
    await waitFor(() => expect(screen.queryByText('devices.unnamed')).toBeNull());
    expect(setup.api.requests.find((request) => request.url.pathname === `${API}/getLoginLog`)?.url.searchParams.get('size')).toBe('10');
  });
});
