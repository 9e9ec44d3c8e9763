import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import XAPI from '@xapi/xapi';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { apiSession, unique, type Page } from './api';
import { apiURL, demo, signIn, usePage } from './browser';

interface Item {
  id: string;
  type: 'CONTENT' | 'QUIZ';
  activityId: string;
}

const verb = (name: string) => ({ id: `http://adlnet.gov/expapi/verbs/${name}`, display: { 'en-US': name } });

// Issue 27, done when: a learner app (the xAPI client) reports launched, completed and passed; the admin sees that
// learner completed, another overdue, the counts and the chart on the plan's Learners tab, and the CSV export.
describe('learner progress reported by a learner app over xAPI', () => {
  const page = usePage();

  it('moves one learner to Completed while another is Overdue, on the Learners tab and in its CSV', { timeout: 180_000 }, async () => {
    const admin = await apiSession(demo.company);
    // A plan of its own: one module with a content item and a quiz item, published, assigned to two new learners.
    const tag = unique('Progress');
    const plan = (await admin.call<{ id: string; activityId: string }>('POST', 'training-plans', { name: tag, status: 'DRAFT' })).body;
    const planModule = (await admin.call<{ id: string }>('POST', `training-plans/${plan.id}/modules`, { title: 'Only module' })).body;
    const content = (await admin.call<Page<{ id: string }>>('GET', 'contents?search=Welcome&pageSize=1')).body.items[0]!;
    const quiz = (await admin.call<Page<{ id: string }>>('GET', 'quizzes?pageSize=1')).body.items[0]!;
    const itemsPath = `training-plans/${plan.id}/modules/${planModule.id}/items`;
    expect((await admin.call('POST', itemsPath, { title: 'Read', type: 'CONTENT', contentId: content.id })).status).toBe(201);
    expect((await admin.call('POST', itemsPath, { title: 'Check', type: 'QUIZ', quizId: quiz.id })).status).toBe(201);
    const version = (await admin.call<{ version: number }>('GET', `training-plans/${plan.id}`)).body.version;
    expect((await admin.call('PUT', `training-plans/${plan.id}`, { name: tag, status: 'PUBLISHED', version })).status).toBe(200);
    const items = (await admin.call<Page<Item>>('GET', itemsPath)).body.items;
    const person = async (name: string) =>
      (
        await admin.call<{ id: string; email: string }>('POST', 'users', {
          name,
          surname: tag,
          email: `${name.toLowerCase()}.${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`,
          password: 'Learner-Pass-2026!',
          scope: 'COMPANY',
        })
      ).body;
    const finisher = await person('Fina');
    const late = await person('Lena');
    expect(
      (await admin.call('POST', `training-plans/${plan.id}/assignments`, { userIds: [finisher.id], dueDate: '2099-06-30T17:00:00.000Z' }))
        .status,
    ).toBe(201);
    expect(
      (await admin.call('POST', `training-plans/${plan.id}/assignments`, { userIds: [late.id], dueDate: '2020-01-31T17:00:00.000Z' }))
        .status,
    ).toBe(201);

    // The learner app's credential, made by the admin on the console's LRS page: its key and secret shown once.
    await signIn(page(), demo.company);
    await page().goto('/lrs-credentials');
    const endpoint = (await page().getByTestId('lrs-endpoint').innerText()).trim();
    expect(endpoint).toBe(`${new URL(page().url()).origin}/api/xapi/`);
    await page().getByRole('button', { name: 'New credential' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Label' }).fill(tag);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('it will not be shown again', { exact: false }).waitFor();
    const credential = {
      key: (await dialog.getByTestId('lrs-key').innerText()).trim(),
      secret: (await dialog.getByTestId('lrs-secret').innerText()).trim(),
    };
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => page().locator('[role="row"][data-id]').filter({ hasText: tag }).count()).toBe(1);

    // The learner app sends its statements with that credential.
    const xapi = new XAPI({
      endpoint: `${apiURL}/api/xapi/`,
      auth: XAPI.toBasicAuth(credential.key, credential.secret),
      version: '1.0.3',
      adapter: 'fetch',
    });
    const actor = { objectType: 'Agent' as const, mbox: `mailto:${finisher.email}` };
    const contentItem = items.find((item) => item.type === 'CONTENT')!;
    const quizItem = items.find((item) => item.type === 'QUIZ')!;
    await xapi.sendStatement({ statement: { actor, verb: verb('launched'), object: { objectType: 'Activity', id: plan.activityId } } });
    await xapi.sendStatement({
      statement: { actor, verb: verb('completed'), object: { objectType: 'Activity', id: contentItem.activityId } },
    });
    await xapi.sendStatement({
      statement: {
        actor,
        verb: verb('passed'),
        object: { objectType: 'Activity', id: quizItem.activityId },
        result: { success: true, score: { scaled: 0.9 } },
      },
    });

    // The admin's console: the plan's Learners tab.
    await page().goto(`/training-plans/${plan.id}`);
    await page().getByRole('tab', { name: 'Learners' }).click();
    const learners = page().getByRole('region', { name: 'Learners' });
    const rowOf = (email: string) => learners.locator('[role="row"][data-id]').filter({ hasText: email });
    await expect.poll(() => rowOf(finisher.email).innerText(), { timeout: 30_000 }).toContain('Completed');
    await expect.poll(() => rowOf(late.email).innerText()).toContain('Overdue');
    await expect.poll(() => rowOf(finisher.email).innerText()).toContain('100%');
    await expect.poll(() => page().getByRole('figure', { name: 'Status breakdown' }).count()).toBe(1);
    await expect.poll(() => page().getByRole('figure', { name: 'Completions over time' }).count()).toBe(1);
    // The counts: two enrolled, one completed, one overdue, half completed.
    const summary = await admin.call<{ enrolled: number; completed: number; overdue: number; completionRate: number }>(
      'GET',
      `training-plans/${plan.id}/enrolments/summary`,
    );
    expect(summary.body).toMatchObject({ enrolled: 2, completed: 1, overdue: 1, completionRate: 0.5 });
    await expect.poll(() => page().getByText('50%').count()).toBeGreaterThan(0);

    // The CSV export of the learners, as a spreadsheet reads it.
    const [download] = await Promise.all([page().waitForEvent('download'), learners.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^learners-\d{4}-\d\d-\d\d\.csv$/);
    const rows = parse(await text((await download.createReadStream()) as Readable), { bom: true }) as string[][];
    const byEmail = Object.fromEntries(rows.slice(1).map((row) => [row[2], row[3]]));
    expect(byEmail).toEqual({ [finisher.email]: 'COMPLETED', [late.email]: 'OVERDUE' });
  });
});
