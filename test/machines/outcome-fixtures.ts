import type { Destination, Notice } from '../../src/machines/outcomes';

/** What a machine decided the user sees next: a notice, or a page (null: stay). */
export type Outcome = { notify: Notice } | { navigate: Destination | null };

/** The outcome actions of a machine as spies: every `notify` and `navigate`, in order. */
export function recordOutcomes() {
  const outcomes: Outcome[] = [];
  const actions = {
    notify: (_: unknown, notice: Notice) => void outcomes.push({ notify: notice }),
    navigate: (_: unknown, destination: Destination | null) => void outcomes.push({ navigate: destination }),
  };
  return { outcomes, actions };
}
