// @vitest-environment happy-dom
import type { ComponentType } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RootProvider } from '../../../../core/web/store/root-context';
import { createTestRoot, type RecordedRequest } from '../../../../core/web/testing/test-root';
import consoleCoreManifest from '../../../console-core/plugin';
import { OPERATOR_CONSOLE_STORE, type OperatorConsole } from '../../../console-core/shared/types';
import consoleCoreWeb from '../../../console-core/web';
import type { ConsoleArticle, ConsoleArticleRow, ConsoleCategory } from '../../../articles/shared/types';
import manifest from '../../plugin';
import webPlugin from '../index';
import { applyEdit, PREVIEW_DELAY_MS } from '../components/BodyEditor';
import ArticleEditorPage from './ArticleEditorPage';
import ArticlesPage from './ArticlesPage';
import CategoriesPage from './CategoriesPage';

const API = '/api/mjkj-web/console/articles';
const page = <T,>(records: T[]) => ({ records, total: records.length, size: 20, current: 1, pages: 1 });
const TREE: ConsoleCategory[] = [
  { id: 1, parentId: null, sort: 0, titles: { en: 'Account' }, sections: [{ id: 2, parentId: 1, sort: 0, titles: { en: 'Security' } }] },
];

let roots: Array<{ dispose(): void }> = [];
afterEach(() => {
  cleanup();
  roots.forEach((root) => root.dispose());
  roots = [];
  window.localStorage.clear();
});

async function renderSignedIn(Page: ComponentType<{ params: Record<string, string> }>, answers: Record<string, unknown>, params: Record<string, string> = {}) {
  const setup = createTestRoot({
    plugins: [
      { manifest: consoleCoreManifest, web: consoleCoreWeb },
      { manifest, web: webPlugin },
    ],
  });
  roots.push(setup.root);
  Object.assign(setup.api.answers, {
    '/api/mjkj-web/console/auth/login': { access_token: 'operator-token', token_type: 'bearer', expires_in: 3600, operator: { id: '1', username: 'editor', role: 'content' } },
    [`${API}/categories`]: TREE,
    ...answers,
  });
  await setup.root.loadTexts();
  await setup.root.loadBoot();
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

const requestsTo = (requests: RecordedRequest[], path: string) => requests.filter((request) => request.url.pathname === path);

const article = (changes: Partial<ConsoleArticle> = {}): ConsoleArticle => ({
  id: 7,
  type: 'help',
  code: null,
  sectionId: 2,
  sort: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  texts: [{ language: 'en', title: 'Fees', summary: '', body: '<p>Low fees.</p>', status: 'draft', publishedAt: null, updatedAt: '2026-03-01T10:00:00.000Z' }],
  ...changes,
});

describe('body editing', () => {
  it('wraps the selection or inserts a block at the cursor', () => {
    expect(applyEdit('say hello', 4, 9, { wrap: ['<strong>', '</strong>'] })).toEqual({ text: 'say <strong>hello</strong>', cursor: 17 });
    expect(applyEdit('ab', 1, 1, { block: '<hr>' })).toEqual({ text: 'a<hr>b', cursor: 5 });
  });
});

describe('article list', () => {
  it('lists articles with their section, languages and states, linking to the editor', async () => {
    const row: ConsoleArticleRow = {
      ...article(),
      texts: [
        { language: 'en', title: 'Fees', status: 'published', publishedAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' },
        { language: 'de', title: 'Gebühren', status: 'draft', publishedAt: null, updatedAt: '2026-03-01T10:00:00.000Z' },
      ],
    };
    const setup = await renderSignedIn(ArticlesPage, { [API]: page([row]) });
    const link = await screen.findByTestId('article-7');
    expect(link.textContent).toBe('Fees');
    expect(link.getAttribute('href')).toBe('/articles/edit/7');
    const cells = within(link.closest('tr')!);
    expect(cells.getByText('Account › Security')).toBeTruthy();
    expect(cells.getByTitle('Published').textContent).toBe('en');
    expect(cells.getByTitle('Draft').textContent).toBe('de');
    const [listed] = requestsTo(setup.api.requests, API);
    expect(listed!.headers.get('Blade-Auth')).toBe('bearer operator-token');
    expect(Object.fromEntries(listed!.url.searchParams)).toEqual({ page: '1', size: '20' });
  });
});

describe('article editor', () => {
  it('previews the body as the server sanitises it, never the typed source', async () => {
    const setup = await renderSignedIn(ArticleEditorPage, { [`${API}/preview`]: () => ({ body: '<p>Hi <img alt="x" src="https://cdn.example.com/x.png" /></p>' }) }, { id: 'new' });
    const source = await screen.findByRole('textbox', { name: 'Body (HTML)' });
    fireEvent.change(source, { target: { value: '<p>Hi <img src="https://cdn.example.com/x.png" alt="x" onerror="alert(1)"></p><script>alert(2)</script>' } });
    await waitFor(() => expect(screen.getByTestId('article-preview').innerHTML).toContain('Hi'), { timeout: PREVIEW_DELAY_MS + 1000 });
    const preview = screen.getByTestId('article-preview');
    expect(preview.innerHTML).not.toMatch(/onerror|script/);
    expect(preview.querySelector('img')!.getAttribute('src')).toBe('https://cdn.example.com/x.png');
    const [sent] = requestsTo(setup.api.requests, `${API}/preview`);
    expect(sent!.body).toEqual({ body: expect.stringContaining('<script>') });
  });

  it('creates a draft with its settings and first text', async () => {
    const setup = await renderSignedIn(ArticleEditorPage, { [API]: () => article(), [`${API}/preview`]: { body: '' } }, { id: 'new' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Fees' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Body (HTML)' }), { target: { value: '<p>Low fees.</p>' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: ' fees ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(requestsTo(setup.api.requests, API)).toHaveLength(1));
    expect(requestsTo(setup.api.requests, API)[0]!.body).toEqual({ type: 'help', code: 'fees', sectionId: null, sort: 0, language: 'en', title: 'Fees', summary: '', body: '<p>Low fees.</p>' });
  });

  it('saves an edited text before publishing it, then offers to unpublish', async () => {
    let current = article();
    const setup = await renderSignedIn(
      ArticleEditorPage,
      {
        [`${API}/7`]: () => current,
        [`${API}/7/texts/en`]: (request: RecordedRequest) => (current = article({ texts: [{ ...current.texts[0]!, ...(request.body as object) }] })),
        [`${API}/7/texts/en/publish`]: () => (current = article({ texts: [{ ...current.texts[0]!, status: 'published', publishedAt: '2026-03-02T10:00:00.000Z' }] })),
        [`${API}/preview`]: { body: '<p>Lower fees.</p>' },
      },
      { id: '7' },
    );
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).value).toBe('Fees');
    expect(screen.getByText('Draft')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Body (HTML)' }), { target: { value: '<p>Lower fees.</p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByRole('button', { name: 'Unpublish' });
    const calls = setup.api.requests.map((request) => request.url.pathname).filter((path) => path.startsWith(`${API}/7/`));
    expect(calls).toEqual([`${API}/7/texts/en`, `${API}/7/texts/en/publish`]);
    expect(requestsTo(setup.api.requests, `${API}/7/texts/en`)[0]!.body).toMatchObject({ title: 'Fees', body: '<p>Lower fees.</p>' });
    expect(screen.getByText('Published')).toBeTruthy();
  });
});

describe('categories', () => {
  it('shows the tree and adds a section under a category', async () => {
    const setup = await renderSignedIn(CategoriesPage, { [`${API}/categories`]: (request: RecordedRequest) => (request.method === 'POST' ? { id: 3 } : TREE) });
    const account = await screen.findByTestId('category-1');
    expect(within(account).getByText('Security')).toBeTruthy();
    fireEvent.click(within(account).getByRole('button', { name: 'Add section' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'English' }), { target: { value: 'Two-factor' } });
    // Semi labels the dialog's buttons "confirm" and "cancel"
    fireEvent.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(requestsTo(setup.api.requests, `${API}/categories`).some((request) => request.method === 'POST')).toBe(true));
    const created = requestsTo(setup.api.requests, `${API}/categories`).find((request) => request.method === 'POST')!;
    expect(created.body).toEqual({ parentId: 1, titles: { en: 'Two-factor' }, sort: 0 });
  });
});
