// lottie-web (pulled in by Semi UI) draws on a 2D canvas context when it is imported; happy-dom has none.
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = (() => new Proxy({}, { get: () => () => undefined, set: () => true })) as never;
}
