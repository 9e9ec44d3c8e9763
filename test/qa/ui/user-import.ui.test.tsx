import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { UserImportContext } from '../../../src/machines/user-import.machine';
import type { ImportRow } from '../../../src/machines/user-import-rows';
import { csvOf, threeRows, twoBatches } from '../../support/fixtures/user-import';
import { userImportModel } from '../../support/models/user-import';
import type { Scenario } from '../../support/paths/model';
import { openSignedIn, type OpenedConsole } from './console';
import { describeUiPaths } from './paths';

interface Harness {
  console: OpenedConsole;
  scenario: Scenario;
  /** Whether each file chosen on the path is read (true) or refused (false), in order. */
  reads: boolean[];
  /** The click on the list's Import button that opens the dialog (and starts the machine). */
  opened: Promise<void>;
}

const tabSeparated = 'Name\tSurname\tE-mail\r\nAnna\tNeri\tanna.neri@example.com\r\n';
const dialog = () => screen.getByRole('dialog');
const button = (name: string | RegExp) => within(dialog()).queryByRole('button', { name });
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as UserImportContext;

/** The API's answer to a batch: every row created (the preview's "would be created"). */
async function answerBatch({ console: c }: Harness, dryRun: boolean) {
  const request = await c.network.next('POST', 'users/import');
  const body = request.body as { dryRun: boolean; rows: ImportRow[]; sendInvitations?: boolean; language?: string };
  expect(body.dryRun).toBe(dryRun);
  // Invitations go with the import's batches once asked for, in the console's language.
  const { invitations } = c.actors.latest('userImport')!.getSnapshot().context as { invitations: { language: string } | null };
  expect(body.sendInvitations === true).toBe(!dryRun && invitations !== null);
  if (body.sendInvitations) expect(body.language).toBe('en');
  expect(request.headers.get('idempotency-key') !== null).toBe(!dryRun);
  request.respond(200, {
    dryRun,
    results: body.rows.map(({ line }) => ({ line, outcome: 'created', id: `00000000-0000-4000-8000-${String(line).padStart(12, '0')}` })),
  });
}

const failBatch = async ({ console: c }: Harness) => (await c.network.next('POST', 'users/import')).fail();

async function choose(harness: Harness) {
  const read = harness.reads.shift();
  const text = !read ? tabSeparated : csvOf(harness.scenario.name === 'import' ? threeRows : twoBatches);
  const input = dialog().querySelector('input[type=file]') as HTMLInputElement;
  await harness.console.user.upload(input, new File([text], 'users.csv', { type: 'text/csv' }));
}

async function mapEmail(harness: Harness, column: string) {
  await harness.console.user.click(within(dialog()).getByRole('combobox', { name: /Email/ }));
  await harness.console.user.click(screen.getByRole('option', { name: column }));
}

const click = async (harness: Harness, name: string | RegExp) => {
  const found = button(name);
  expect(found, `button ${String(name)}`).not.toBeNull();
  // A disabled button takes no click: the machine would refuse the event all the same.
  if ((found as HTMLButtonElement).disabled) return;
  await harness.console.user.click(found!);
};

describeUiPaths(userImportModel, {
  open: (scenario, path) => {
    const opened = openSignedIn('/users');
    opened.network.always('GET', 'users', () => ({ status: 200, body: { items: [], total: 0, totalIsEstimate: false } }));
    const reads = path.steps.flatMap(({ event }) =>
      event.type === 'xstate.done.actor.parseFile' ? [true] : event.type === 'xstate.error.actor.parseFile' ? [false] : [],
    );
    // The machine starts when the dialog opens: the path's first state is checked once the click is done.
    const opening = (async () => opened.user.click(await screen.findByRole('button', { name: 'Import' })))();
    return { console: opened, scenario, reads, opened: opening };
  },
  perform: {
    'choose users.csv': async (harness) => {
      await harness.opened;
      await screen.findByRole('button', { name: 'Choose a CSV file' });
      await choose(harness);
    },
    'the file is read': async () => {
      await screen.findByText(/users\.csv: 3 rows/);
    },
    'the file of 20 rows is read': async () => {
      await screen.findByText(/users\.csv: 20 rows/);
    },
    'the file cannot be imported': async () => {
      await screen.findByText(/Only one column was found/);
    },
    'map the email to no column': (harness) => mapEmail(harness, '(none)'),
    'map the email to the Name column': (harness) => mapEmail(harness, 'Name'),
    'map the email to the E-mail column': (harness) => mapEmail(harness, 'E-mail'),
    'check the rows': (harness) => click(harness, 'Check the rows'),
    'the API checked the batch': (harness) => answerBatch(harness, true),
    'the check cannot reach the API': failBatch,
    'send invitations': async ({ console: c }) =>
      c.user.click(within(dialog()).getByRole('checkbox', { name: /^Send an invitation to each enabled user created/ })),
    import: (harness) => click(harness, /^Import \d+ new users?$/),
    'the API imported the batch': (harness) => answerBatch(harness, false),
    'the import cannot reach the API': failBatch,
    retry: (harness) => click(harness, 'Retry'),
    stop: (harness) => click(harness, 'Stop'),
    back: (harness) => click(harness, 'Back'),
    close: async (harness) => {
      await harness.opened;
      const closeButton = button('Close');
      if (closeButton) await harness.console.user.click(closeButton);
      else await harness.console.user.keyboard('{Escape}');
    },
  },
  actorUnderTest: ({ console: c }) => c.actors.latest('userImport'),
  momentary: (state) => state.matches('parsing') || state.matches('prepared'),
  show: {
    choosing: (_, snapshot) => {
      expect(button('Choose a CSV file')).not.toBeNull();
      expect(within(dialog()).queryByText(/Only one column was found/) !== null).toBe(context(snapshot).fileProblem !== null);
    },
    parsing: () => {},
    prepared: () => {},
    mapping: (_, snapshot) => {
      expect(within(dialog()).getByRole('combobox', { name: /Email/ }).textContent).toContain(context(snapshot).mapping.email ?? '(none)');
      expect((button('Check the rows') as HTMLButtonElement).disabled).toBe(context(snapshot).mapping.email === null);
    },
    checking: () => {
      expect(within(dialog()).getByText(/Checking the rows…/)).toBeDefined();
      expect(within(dialog()).getByRole('progressbar', { name: 'Progress' })).toBeDefined();
    },
    checkFailed: () => {
      expect(within(dialog()).getByText(/The rows could not be checked: the server cannot be reached/)).toBeDefined();
      expect(button('Retry')).not.toBeNull();
    },
    preview: (_, snapshot) => {
      const { preview } = context(snapshot);
      const willCreate = preview.filter(({ outcome }) => outcome === 'created').length;
      expect(within(dialog()).getByText(`${willCreate} to create`)).toBeDefined();
      expect(within(dialog()).getByText(`${preview.length - willCreate} with errors (not imported)`)).toBeDefined();
    },
    importing: () => {
      expect(within(dialog()).getByText(/Importing… \d+ of \d+ rows/)).toBeDefined();
      expect(button('Close')).toBeNull();
    },
    importFailed: () => {
      expect(within(dialog()).getByText(/A batch could not be imported, and nothing of it was written/)).toBeDefined();
      expect(button('Stop')).not.toBeNull();
    },
    report: (_, snapshot) => {
      const { report } = context(snapshot);
      const created = report.filter(({ outcome }) => outcome === 'created').length;
      expect(within(dialog()).getByText('Import finished')).toBeDefined();
      expect(within(dialog()).getByText(`${created} created`)).toBeDefined();
      expect(within(dialog()).getByText(`${report.length - created} failed`)).toBeDefined();
      expect(button('Download the report (CSV)')).not.toBeNull();
    },
    closed: () => {
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  },
});
