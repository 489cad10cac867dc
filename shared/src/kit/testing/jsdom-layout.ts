// Test-only: jsdom does no layout, so `offsetParent` is always null and Fluent's focus manager
// (tabster) takes every element for hidden. A dialog then cannot focus its first field, focus
// stays on the surface and tabster marks the open dialog aria-hidden. Reporting the parent for
// connected elements that are not `hidden`, and a size for <body>, gives tabster the answer a browser would.
// Import it first in a test file that opens dialogs.
if (typeof HTMLElement !== 'undefined') {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      if (!this.isConnected || this === this.ownerDocument.body) return null;
      if (this.hidden || this.closest('[hidden]')) return null;
      return this.parentElement;
    },
  });
  // tabster also takes a zero-sized <body> for a hidden iframe.
  const bodyRect = () =>
    ({ x: 0, y: 0, top: 0, left: 0, right: 1280, bottom: 800, width: 1280, height: 800, toJSON: () => ({}) }) as DOMRect;
  Object.defineProperty(HTMLBodyElement.prototype, 'getBoundingClientRect', { configurable: true, value: bodyRect });
}
export {};
