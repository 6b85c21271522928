import { act, render } from '@testing-library/react';
import { ShellApp } from '../app/shell-app';
import { createTestRoot, type TestRootOptions } from './test-root';

/** Boots a test root (fakes for fetch, boot and realtime) and renders the whole shell at `path`. */
export async function renderShell(path: string, options: TestRootOptions = {}) {
  window.history.replaceState(null, '', path);
  const setup = createTestRoot(options);
  await setup.root.hydrate();
  await setup.root.loadTexts();
  await setup.root.loadBoot();
  setup.root.start();
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(<ShellApp root={setup.root} />);
  });
  return { ...setup, view };
}
