// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderShell } from '../../../../core/web/testing/render-shell';
import homeManifest from '../../../home/plugin';
import homeWeb from '../../../home/web/index';
import manifest from '../../plugin';
import webPlugin from '../index';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('notes page', () => {
  it('adds a note through the schema form and lists it', async () => {
    await renderShell('/example/notes', {
      plugins: [
        { manifest: homeManifest, web: homeWeb },
        { manifest, web: webPlugin },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notes' })).toBeTruthy();
    expect(screen.getByText('No notes yet. Add the first one above.')).toBeTruthy();
    const title = await screen.findByLabelText(/Title/, {}, { timeout: 5000 });
    fireEvent.change(title, { target: { value: 'Watch ETH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const list = await screen.findByRole('list', { name: 'Your notes' });
    expect(within(list).getByText('Watch ETH')).toBeTruthy();
    expect(within(list).getByText('Normal')).toBeTruthy();
    // The form starts empty again for the next note.
    await waitFor(() => expect((screen.getByLabelText(/Title/) as HTMLInputElement).value).toBe(''));
    expect(screen.getByText('Home').getAttribute('href')).toBe('/home/index');
  });
});
