import { createContext, useContext, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import type { Destination } from '../machines/outcomes';

/** The router's own navigate (through the leave guard, when it is around). */
export type RouterNavigate = (path: string, options?: { replace?: boolean }) => void;

/** Where the machines' `navigate` goes: the router that <RouterNavigation/> attached, none before. */
export interface Navigation {
  go: (destination: Destination) => void;
  attach: (navigate: RouterNavigate) => () => void;
}

export function createNavigation(): Navigation {
  let routerNavigate: RouterNavigate | null = null;
  return {
    go: ({ path, replace }) =>
      // Once the transition that decided it is over: the deciding actor then holds its new state, so a form that
      // has just saved no longer holds the page.
      queueMicrotask(() => routerNavigate?.(path, ...(replace ? [{ replace }] : []))),
    attach: (navigate) => {
      routerNavigate = navigate;
      return () => {
        if (routerNavigate === navigate) routerNavigate = null;
      };
    },
  };
}

const NavigationContext = createContext<Navigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

/** Gives the machines' navigation the router it is rendered in (inside the leave guard, so a form with unsaved changes is asked first). */
export function RouterNavigation() {
  const navigation = useContext(NavigationContext);
  const [, navigate] = useLocation();
  useLayoutEffect(() => navigation?.attach(navigate), [navigation, navigate]);
  return null;
}
