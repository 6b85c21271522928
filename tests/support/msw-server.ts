// The API stand-in of a web test file: msw answers with `handlers` (a request nobody answers fails the test);
// after each test the DOM, the added handlers and localStorage (settings, sessions) are reset.
import { cleanup } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export function useMswServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    window.localStorage.clear();
  });
  afterAll(() => server.close());
  return server;
}
