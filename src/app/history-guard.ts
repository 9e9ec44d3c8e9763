/**
 * The first `popstate` listener of the page, installed when the console's main code loads: before the router's,
 * which it registers on the first render. The browser calls a window's listeners in that order, and the router
 * re-renders at once (leaving the page) when it hears of a Back or Forward, so the leave guard must hear first, and
 * may keep the router from hearing at all (`stopImmediatePropagation`).
 */
let guard: ((event: PopStateEvent) => void) | null = null;

if (typeof window !== 'undefined') window.addEventListener('popstate', (event) => guard?.(event), { capture: true });

/** Makes `listener` the one that hears each Back and Forward first, until the function returned lets go. */
export function hearHistoryFirst(listener: (event: PopStateEvent) => void): () => void {
  guard = listener;
  return () => {
    if (guard === listener) guard = null;
  };
}
