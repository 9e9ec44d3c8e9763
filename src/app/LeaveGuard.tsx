import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Router, type AroundNavHandler } from 'wouter';
import { ConfirmDialog } from '../views/dialogs/ConfirmDialog';
import { LeaveGuardContext } from '../views/navigation/leave-guard';
import { hearHistoryFirst } from './history-guard';

const here = () => `${location.pathname}${location.search}${location.hash}`;

/**
 * Holds navigation back while a page has something to lose: every in-app navigation (links, buttons, redirects)
 * and the browser's Back and Forward wait for "Leave page", and closing or reloading the tab gets the browser's own
 * question. Every in-app address goes through `resolve` first (a list's bare path becomes the list as it was left).
 */
export function LeaveGuard({ children, resolve = (to) => to }: { children: ReactNode; resolve?: (to: string) => string }) {
  const { t } = useTranslation();
  /** One entry per form of the page: whether it has something to lose now. */
  const holds = useRef(new Set<() => boolean>());
  const [pending, setPending] = useState<(() => void) | null>(null);

  const hold = useCallback((isHolding: () => boolean) => {
    holds.current.add(isHolding);
    return () => void holds.current.delete(isHolding);
  }, []);
  const holding = useCallback(() => [...holds.current].some((isHolding) => isHolding()), []);

  const aroundNav = useCallback<AroundNavHandler>(
    (navigate, given, options) => {
      const to = typeof given === 'string' ? resolve(given) : given;
      if (!holding()) return navigate(to, options);
      setPending(() => () => {
        holds.current.clear();
        navigate(to, options);
      });
    },
    [holding, resolve],
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (holding()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [holding]);

  useEffect(() => {
    // Back and Forward have already moved the address when `popstate` comes, and cannot be cancelled: while a page
    // holds, the router (listening after this, see history-guard.ts) never hears of it, the page's address is pushed
    // again after the entry the user went to, and "Leave page" goes back one step, to that entry.
    let shown = here();
    const remember = () => void (shown = here());
    const guardHistory = (event: PopStateEvent) => {
      if (!holding()) return remember();
      event.stopImmediatePropagation();
      history.pushState(null, '', shown);
      setPending(() => () => {
        holds.current.clear();
        history.back();
      });
    };
    // The router's own events, sent after each of its pushState and replaceState calls.
    const routerEvents = ['pushState', 'replaceState'];
    const letGo = hearHistoryFirst(guardHistory);
    routerEvents.forEach((type) => window.addEventListener(type, remember));
    return () => {
      letGo();
      routerEvents.forEach((type) => window.removeEventListener(type, remember));
    };
  }, [holding]);

  return (
    <Router aroundNav={aroundNav}>
      <LeaveGuardContext.Provider value={hold}>{children}</LeaveGuardContext.Provider>
      <ConfirmDialog
        open={pending !== null}
        title={t('form.leaveTitle')}
        text={t('form.leaveText')}
        confirmLabel={t('form.leave')}
        cancelLabel={t('form.stay')}
        onConfirm={() => {
          pending?.();
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      />
    </Router>
  );
}
