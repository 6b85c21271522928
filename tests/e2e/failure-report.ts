import { afterEach } from 'vitest';
import { reportOpenPages } from './browser';

// Every browser test file: a failed test leaves screenshots and the pages' latest errors in the log.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await reportOpenPages(task.name);
});
