// @vitest-environment happy-dom
import type { ComponentType } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Ajv } from 'ajv';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot, type RecordedRequest } from '../../../../core/web/testing/test-root';
import manifest from '../../plugin';
import { OPERATOR_CONSOLE_STORE, type Collection, type OperatorConsole } from '../../shared/types';
import webPlugin from '../index';
import CollectionPage from './CollectionPage';
import ContentPage from './ContentPage';
import OperatorsPage from './OperatorsPage';
import SiteSettingsPage from './SiteSettingsPage';

const API = '/api/mjkj-web';
const OPERATOR = { id: '1', username: 'editor', role: 'content', permissions: ['content.edit', 'settings.edit'], totpBound: true };
const refusal = (field: string, msg: string, code = 400) => Response.json({ code, success: false, msg, data: { field } }, { status: code });

const NAV: Collection = {
  code: 'nav',
  title: 'Navigation',
  rowCount: 1,
  uiSchema: {},
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['nav_code', 'nav_show', 'titles'],
    properties: {
      nav_code: { type: 'string', pattern: '^[a-z]{0,40}$' },
      nav_show: { enum: [0, 1] },
      titles: { type: 'object', title: 'Titles by language', required: ['en'], properties: { en: { type: 'string', minLength: 1, maxLength: 200 }, de: { type: 'string' } } },
    },
  },
};
const MARKETS = { id: 4, nav_code: 'markets', nav_show: 1, titles: { en: 'Markets', de: 'Märkte' } };

let compile: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  compile = vi.spyOn(Ajv.prototype, 'compile');
});
afterEach(() => {
  // the browser has no unsafe-eval: runtime schemas are interpreted, never compiled
  expect(compile).not.toHaveBeenCalled();
  vi.restoreAllMocks();
  cleanup();
  window.localStorage.clear();
});

async function renderSignedIn(Page: ComponentType<{ params: Record<string, string> }>, answers: Record<string, unknown>, params: Record<string, string> = {}) {
  const setup = createTestRoot({ plugins: [{ manifest, web: webPlugin }] });
  Object.assign(setup.api.answers, {
    [`${API}/console/auth/login`]: { access_token: 'operator-token', token_type: 'bearer', expires_in: 3600, operator: OPERATOR, totpBound: true },
    [`${API}/console/me`]: OPERATOR,
    ...answers,
  });
  await setup.root.loadTexts();
  setup.root.start();
  const session = setup.root.store<OperatorConsole & { signIn(u: string, p: string): Promise<boolean> }>(OPERATOR_CONSOLE_STORE);
  await waitFor(() => expect(session.hydrated).toBe(true));
  expect(await session.signIn('editor', 'secret')).toBe(true);
  await act(async () => {
    render(
      <RootProvider root={setup.root}>
        <Page params={params} />
      </RootProvider>,
    );
  });
  return setup;
}

const posts = (requests: RecordedRequest[], path: string) => requests.filter((request) => request.method === 'POST' && request.url.pathname === `${API}${path}`);
const fieldOf = (input: HTMLElement) => input.closest('.rjsf-field') as HTMLElement;
/** The form code loads lazily on first use (a while under the test transform). */
const FORM_LOAD = { timeout: 15_000 };

describe('a collection page', () => {
  it('renders the row form from the collection schema and shows the server’s refusal on the field it names', async () => {
    let stored = MARKETS;
    const setup = await renderSignedIn(
      CollectionPage,
      {
        [`${API}/console/collections/nav`]: NAV,
        [`${API}/console/collections/nav/rows`]: () => ({ records: [stored], total: 1, size: 20, current: 1, pages: 1 }),
        [`${API}/console/collections/nav/rows/4`]: ({ body }: RecordedRequest) => {
          const row = body as typeof MARKETS;
          if (row.titles.en === 'Taken') return refusal('titles.en', 'titles.en: this title is already used');
          return (stored = { ...row, id: 4 });
        },
      },
      { code: 'nav' },
    );
    await screen.findByRole('heading', { name: 'Navigation' });
    const row = await screen.findByText('Markets');
    expect(row.closest('tr')!.textContent).toContain('markets');
    fireEvent.click(screen.getByTestId('row-edit-4'));

    // a refusal from the server mounts the form again: the fields are looked up afresh each time
    const english = () => screen.getByLabelText('en') as HTMLInputElement;
    const englishError = () => within(fieldOf(english())).queryByRole('alert')?.textContent ?? null;
    await screen.findByLabelText('en', {}, FORM_LOAD);
    expect(english().value).toBe('Markets');
    expect((screen.getByLabelText('nav_code') as HTMLInputElement).value).toBe('markets');
    expect(screen.getByText('Titles by language')).toBeTruthy();

    // what the browser can tell is caught before any request
    fireEvent.change(english(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(englishError()).toBe('This field is required'));
    expect(posts(setup.api.requests, '/console/collections/nav/rows/4')).toHaveLength(0);

    fireEvent.change(english(), { target: { value: 'Taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(englishError()).toBe('titles.en: this title is already used'));
    expect(english().value).toBe('Taken');
    expect(posts(setup.api.requests, '/console/collections/nav/rows/4').map((request) => request.body)).toEqual([
      { nav_code: 'markets', nav_show: 1, titles: { en: 'Taken', de: 'Märkte' } },
    ]);
    expect(stored.titles.en).toBe('Markets');

    // the refusal belongs to the refused value: changing it clears the message
    fireEvent.change(english(), { target: { value: 'Markets Live' } });
    await waitFor(() => expect(englishError()).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(screen.getByRole('status').textContent).toBe('Saved');
    expect(stored).toEqual({ id: 4, nav_code: 'markets', nav_show: 1, titles: { en: 'Markets Live', de: 'Märkte' } });
    await waitFor(() => expect(screen.getAllByText('Markets Live').length).toBeGreaterThan(0));
    expect(posts(setup.api.requests, '/console/collections/nav/rows/4').every((request) => request.headers.get('Blade-Auth') === 'bearer operator-token')).toBe(true);
  });

  it('adds a row through an empty form', async () => {
    const setup = await renderSignedIn(
      CollectionPage,
      {
        [`${API}/console/collections/nav`]: NAV,
        [`${API}/console/collections/nav/rows`]: (request: RecordedRequest) =>
          request.method === 'POST' ? { id: 9, ...(request.body as object) } : { records: [], total: 0, size: 20, current: 1, pages: 0 },
      },
      { code: 'nav' },
    );
    fireEvent.click(await screen.findByTestId('row-new'));
    fireEvent.change(await screen.findByLabelText('nav_code', {}, FORM_LOAD), { target: { value: 'news' } });
    fireEvent.change(screen.getByLabelText('en'), { target: { value: 'News' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const show = within(screen.getByTestId('row-editor')).getByText('nav_show').closest('.rjsf-field') as HTMLElement;
    await waitFor(() => expect(within(show).getByRole('alert').textContent).toBe('This field is required'));
    expect(posts(setup.api.requests, '/console/collections/nav/rows')).toHaveLength(0);
  });
});

describe('the content page', () => {
  it('lists the collections and shows the server’s verdict on a new collection under the input it concerns', async () => {
    let attempt = 0;
    const setup = await renderSignedIn(ContentPage, {
      [`${API}/console/collections`]: (request: RecordedRequest) => {
        if (request.method === 'GET') return [NAV];
        attempt += 1;
        return attempt === 1
          ? refusal('schema.properties.title.type', 'schema.properties.title.type is not something a collection schema may hold')
          : refusal('code', 'A collection with this code already exists', 409);
      },
    });
    const link = await screen.findByTestId('collection-nav');
    expect(link.getAttribute('href')).toBe('/content/nav');
    expect(link.closest('tr')!.textContent).toContain('Navigation');

    fireEvent.change(document.querySelector('input[name="code"]')!, { target: { value: 'promo' } });
    fireEvent.change(document.querySelector('input[name="title"]')!, { target: { value: 'Promotions' } });
    const schema = document.querySelector('textarea[name="schema"]')!;
    fireEvent.change(schema, { target: { value: '{ "type": ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add collection' }));
    await waitFor(() => expect(screen.getByTestId('error-schema').textContent).toBe('The schema is not valid JSON'));
    expect(posts(setup.api.requests, '/console/collections')).toHaveLength(0);

    fireEvent.change(schema, { target: { value: '{ "type": "object", "properties": { "title": { "type": "object" } } }' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add collection' }));
    await waitFor(() => expect(screen.getByTestId('error-schema').textContent).toContain('schema.properties.title.type'));
    expect(posts(setup.api.requests, '/console/collections')[0].body).toEqual({
      code: 'promo',
      title: 'Promotions',
      schema: { type: 'object', properties: { title: { type: 'object' } } },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Add collection' }));
    await waitFor(() => expect(screen.getByTestId('error-code').textContent).toBe('A collection with this code already exists'));
    expect(screen.queryByTestId('error-schema')).toBeNull();
  });
});

describe('the site settings page', () => {
  it('shows the values in force and puts a refused setting’s message on its field', async () => {
    const view = {
      site: 'default',
      settings: { title: 'Bourse', language: 'en', areaCode: '49', supportButton: true, tokenTime: 3600 },
      overridden: ['supportButton'],
      schema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 80 },
          language: { enum: ['en', 'de'] },
          areaCode: { type: 'string', pattern: '^[0-9]{1,4}$' },
          supportButton: { type: 'boolean' },
          tokenTime: { type: 'integer', minimum: 60, maximum: 604800 },
        },
      },
    };
    const setup = await renderSignedIn(SiteSettingsPage, {
      [`${API}/console/site-settings`]: [{ name: 'default', title: 'Bourse' }],
      [`${API}/console/site-settings/default`]: (request: RecordedRequest) =>
        request.method === 'GET' ? view : refusal('areaCode', 'This area code is not in the list of area codes'),
    });
    const title = (await screen.findByLabelText('Site title', {}, FORM_LOAD)) as HTMLInputElement;
    expect(title.value).toBe('Bourse');
    expect(screen.getByTestId('settings-overridden').textContent).toBe("Changed from the site's defaults: Support button");
    const areaCode = () => screen.getByLabelText('Phone area code') as HTMLInputElement;
    const areaCodeError = () => within(fieldOf(areaCode())).queryByRole('alert')?.textContent ?? null;
    expect(areaCode().value).toBe('49');

    fireEvent.change(areaCode(), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(areaCodeError()).toBe('The format is not valid'));
    expect(posts(setup.api.requests, '/console/site-settings/default')).toHaveLength(0);

    fireEvent.change(areaCode(), { target: { value: '999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(areaCodeError()).toBe('This area code is not in the list of area codes'));
    expect(posts(setup.api.requests, '/console/site-settings/default')[0].body).toMatchObject({ title: 'Bourse', areaCode: '999', tokenTime: 3600 });
  });
});

describe('the operators page', () => {
  it('offers an administrator the TOTP reset of other operators with an authenticator, after a confirmation', async () => {
    const operators = [
      { id: '1', username: 'editor', role: 'administrator', disabled: false, totpBound: true, createdAt: '2026-01-01T00:00:00Z' },
      { id: '2', username: 'agent', role: 'support', disabled: false, totpBound: true, createdAt: '2026-01-02T00:00:00Z' },
      { id: '3', username: 'newcomer', role: 'support', disabled: false, totpBound: false, createdAt: '2026-01-03T00:00:00Z' },
    ];
    const setup = await renderSignedIn(OperatorsPage, {
      [`${API}/console/operators`]: () => operators,
      [`${API}/console/operators/2/totp-reset`]: () => (operators[1] = { ...operators[1], totpBound: false }),
    });
    const row = (username: string) => screen.getByTestId(`operator-${username}`);
    await waitFor(() => expect(row('agent')).toBeTruthy());
    expect(within(row('editor')).queryByRole('button', { name: 'Reset TOTP' })).toBeNull();
    expect(within(row('newcomer')).queryByRole('button', { name: 'Reset TOTP' })).toBeNull();

    fireEvent.click(within(row('agent')).getByRole('button', { name: 'Reset TOTP' }));
    expect(await screen.findByText('Reset the authenticator of agent?')).toBeTruthy();
    expect(posts(setup.api.requests, '/console/operators/2/totp-reset')).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Reset TOTP' }).find((button) => !row('agent').contains(button))!;
    fireEvent.click(confirm);
    await waitFor(() => expect(posts(setup.api.requests, '/console/operators/2/totp-reset')).toHaveLength(1));
    await waitFor(() => expect(within(row('agent')).queryByRole('button', { name: 'Reset TOTP' })).toBeNull());
    expect(row('agent').textContent).toContain('No');
  });
});
