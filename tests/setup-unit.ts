// lottie-web (pulled in by Semi UI) draws on a 2D canvas context when it is imported; happy-dom has none.
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = (() => new Proxy({}, { get: () => () => undefined, set: () => true })) as never;
}

// Web tests wait for lazy pages and their requests; on a loaded machine that takes longer than the library's
// default second, so waits get five (a wait still fails when what it waits for never comes).
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
  // React may still hold a task of its scheduler (a setImmediate) when a file's last test ends; on a loaded machine
  // it ran after the DOM environment was torn down ("window is not defined"): it runs before that now
  const { afterAll } = await import('vitest');
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
}
export {};
