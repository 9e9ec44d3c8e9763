import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Router, type AroundNavHandler } from 'wouter';
import { ConfirmDialog } from '../views/dialogs/ConfirmDialog';
import { LeaveGuardContext } from '../views/navigation/leave-guard';

/**
 * Holds navigation back while a page has something to lose: every in-app navigation (links, buttons, redirects)
 * waits for "Leave page", and closing or reloading the tab gets the browser's own question.
 */
export function LeaveGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const blocking = useRef(false);
  const [pending, setPending] = useState<(() => void) | null>(null);

  const setBlocking = useCallback((value: boolean) => {
    blocking.current = value;
  }, []);

  const aroundNav = useCallback<AroundNavHandler>((navigate, to, options) => {
    if (!blocking.current) return navigate(to, options);
    setPending(() => () => {
      blocking.current = false;
      navigate(to, options);
    });
  }, []);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (blocking.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return (
    <Router aroundNav={aroundNav}>
      <LeaveGuardContext.Provider value={setBlocking}>{children}</LeaveGuardContext.Provider>
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
