// A phone for the shell's tests: every media query of the narrow layout (max-width) matches while
// `run` runs; the window's own matchMedia is put back afterwards.
export async function onAPhone<T>(run: () => Promise<T>): Promise<T> {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  try {
    return await run();
  } finally {
    window.matchMedia = original;
  }
}
