import { provideScreenMachines } from './screen-machines';
import { provideSignedInCore, type SignedInDependencies, type SignedInRuntime } from './signed-in-machines';

export type { SignedInDependencies, SignedInRuntime } from './signed-in-machines';

/**
 * Every machine of the signed-in screens at once, the few screens' own included, wired to the real API through the
 * query cache: what tests give `createConsole`. The browser builds the same machines in two chunks instead
 * (`signed-in-machines.ts`, then `screen-machines.ts` with the screens that need them).
 */
export function provideConsoleMachines(dependencies: SignedInDependencies): SignedInRuntime {
  const { queryClient, machines, screenDependencies } = provideSignedInCore(dependencies);
  return { queryClient, machines: { ...machines, ...provideScreenMachines(screenDependencies) }, screensReady: async () => {} };
}

export type ProvideConsoleMachines = typeof provideConsoleMachines;
