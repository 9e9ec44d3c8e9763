import { screen, within } from '@testing-library/react';

/** A notification the reference expects: its text and when (on the console's simulated clock) it was pushed. */
export interface Notice {
  text: string;
  at: number;
}

/**
 * The texts of the notifications on screen, oldest first. `hidden`: while a confirmation (a modal dialog) is open,
 * the notifications stay in view above it but out of the accessibility tree, like everything behind the dialog.
 */
export const notificationTexts = () =>
  within(screen.getByTestId('notifications'))
    .queryAllByRole('alert', { hidden: true })
    .map((alert) => alert.textContent);

/** The notices still open at `clock`: each closes by itself `closeAfter` ms after it was pushed. */
export const visibleNotices = (notices: Notice[], clock: number, closeAfter: number) =>
  notices.filter((notice) => clock - notice.at < closeAfter).map((notice) => notice.text);
