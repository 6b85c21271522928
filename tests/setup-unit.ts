// Semi UI pulls in lottie-web, which asks a canvas for a 2D context on import.
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
}
