import { createElement, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** A function component, generic ones included. */
type View = (props: never) => ReactNode;

/** Something whose code can be fetched ahead of its first use. */
export interface Preloadable {
  preload: () => Promise<unknown>;
}

/** Every lazy view declared so far (a module's lazy views are declared when that module is first loaded). */
const declared = new Set<Preloadable>();

/**
 * Fetches the code of every lazy view, including those declared by the chunks it fetches, until none is left:
 * for tests that render the console and expect each screen at once, as before it was split.
 */
export async function preloadEveryView(): Promise<void> {
  let preloaded = 0;
  while (preloaded < declared.size) {
    preloaded = declared.size;
    await Promise.all([...declared].map((view) => view.preload()));
  }
}

/**
 * A view whose code is a chunk of its own (`load` is `() => import('./X').then((module) => module.X)`), fetched
 * when first rendered or when `preload()` asks for it earlier. Until the chunk is there the view suspends, so the
 * nearest `<Suspense>` shows its fallback; once the chunk is there, it renders at once, without suspending.
 */
export function lazyView<V extends View>(load: () => Promise<V>): V & Preloadable {
  let loaded: V | undefined;
  let loading: Promise<V> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (offline for a moment) is tried again on the next render or preload.
        loading = undefined;
        throw error;
      },
    ));
  // Cast: a view of any props renders with the props it is given; TypeScript cannot relate generic props to `object`.
  const component = (view: V) => view as unknown as ComponentType<object>;
  const Suspending = lazy(async () => ({ default: component(await preload()) }));
  const Lazy = (props: object) => createElement(loaded ? component(loaded) : Suspending, props);
  declared.add({ preload });
  // Cast: `Lazy` passes every prop through to the loaded view, so it takes the props `V` takes.
  return Object.assign(Lazy as unknown as V, { preload });
}

/** Fetches the code of the views the user is likely to open next, once the browser has nothing better to do. */
export function usePrefetchWhenIdle(...views: Preloadable[]) {
  // Once per mount: the views asked for first (module-level constants).
  const [next] = useState(views);
  useEffect(() => {
    const prefetch = () => next.forEach((view) => void view.preload().catch(() => undefined));
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(prefetch, { timeout: 5000 });
      return () => cancelIdleCallback(handle);
    }
    const handle = setTimeout(prefetch, 1000);
    return () => clearTimeout(handle);
  }, [next]);
}
