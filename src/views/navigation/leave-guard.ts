import { createContext, useContext, useLayoutEffect } from 'react';
import { selectIsDirty } from '../../machines/form.machine';
import type { FormActor } from '../form/form-actor';

/**
 * Set by src/app: a form holds navigation while `isHolding()` says leaving would lose what it has; the function
 * returned lets go. Several forms of one page (the settings) hold it each on their own.
 */
export const LeaveGuardContext = createContext<(isHolding: () => boolean) => () => void>(() => () => {});

/**
 * While the form has unsaved changes, in-app navigation asks for confirmation and closing or reloading the tab asks
 * the browser's question. The form is asked at the moment of leaving, so a form that has just saved lets its own
 * outcome lead away.
 */
export function useLeaveGuard(form: FormActor) {
  const hold = useContext(LeaveGuardContext);
  useLayoutEffect(() => hold(() => selectIsDirty(form.getSnapshot())), [form, hold]);
}
