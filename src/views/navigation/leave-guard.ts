import { createContext, useContext, useLayoutEffect } from 'react';

/** Set by src/app: tells the console whether leaving the current page would lose something. */
export const LeaveGuardContext = createContext<(blocking: boolean) => void>(() => {});

/**
 * While `blocking`, in-app navigation asks for confirmation and closing or reloading the tab asks the browser's
 * question. A layout effect, so the guard is lifted before any effect of the same render navigates away.
 */
export function useLeaveGuard(blocking: boolean) {
  const setBlocking = useContext(LeaveGuardContext);
  useLayoutEffect(() => {
    setBlocking(blocking);
    return () => setBlocking(false);
  }, [blocking, setBlocking]);
}
