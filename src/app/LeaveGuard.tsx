import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Router, type AroundNavHandler } from 'wouter';
import { ConfirmDialog } from '../views/dialogs/ConfirmDialog';
import { LeaveGuardContext } from '../views/navigation/leave-guard';

/**
 * Holds navigation back while a page has something to lose: every in-app navigation (links, buttons, redirects)
 * waits for "Leave page", and closing or reloading the tab gets the browser's own question. Every in-app address
 * goes through `resolve` first (a list's bare path becomes the list as it was left).
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

  const aroundNav = useCallback<AroundNavHandler>((navigate, given, options) => {
    const to = typeof given === 'string' ? resolve(given) : given;
    if (!holding()) return navigate(to, options);
    setPending(() => () => {
      holds.current.clear();
      navigate(to, options);
    });
  }, [holding, resolve]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (holding()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
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
