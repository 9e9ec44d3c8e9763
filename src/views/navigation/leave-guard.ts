import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * Set by src/app: a form holds navigation while leaving would lose what it has; the function returned lets go.
 * Several forms of one page (the settings) hold it each on their own.
 */
export const LeaveGuardContext = createContext<() => () => void>(() => () => {});

/**
 * While `blocking`, in-app navigation asks for confirmation and closing or reloading the tab asks the browser's
 * question. A layout effect, so the guard is lifted before any effect of the same render navigates away.
 */
export function useLeaveGuard(blocking: boolean) {
  const hold = useContext(LeaveGuardContext);
  useLayoutEffect(() => (blocking ? hold() : undefined), [blocking, hold]);
}
