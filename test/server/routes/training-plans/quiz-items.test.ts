import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Quiz } from '../../../../contract/quizzes.schemas';
import { questionTypes } from '../../../../contract/values';
import { quizzes, trainingPlanItems } from '../../../../server/db/schema';
import { created, errorFields, itemsPath, modulesPath } from '../../../support/server/catalogue';
import { demo, useTestApp } from '../../../support/server/harness';
import { createQuiz, quizOfEveryType } from '../../../support/server/quizzes';
import { demoWorld, signedIn, type Api } from '../../../support/server/resources';

/** A QUIZ item references a quiz of the plan's company as a CONTENT item references a content, never the other. */
const testApp = useTestApp();

type Stored = Record<string, unknown> & { id: string; version: number };

describe('QUIZ items', () => {
  let api: Api;
  let quizId: string;
  let otherQuizId: string;
  let foreignQuizId: string;
  let articleId: string;
  let itemsUrl: string;
  beforeAll(async () => {
    const world = await demoWorld(testApp.db);
    api = await signedIn(testApp.app, demo.companyAdmin);
    quizId = (await createQuiz(api, quizOfEveryType('Item quiz'))).id;
    otherQuizId = (await createQuiz(api, { title: 'Other quiz' })).id;
    const [foreign] = await testApp.db
      .insert(quizzes)
      .values({ tenantId: world.acme.id, companyId: world.acmeFoods.id, title: 'Acme Foods quiz' })
      .returning();
    foreignQuizId = foreign!.id;
    articleId = created<Stored>(await api.post('/api/contents', { title: 'Quiz item reading', text: 'Text' })).id;
    const plan = created<Stored>(await api.post('/api/training-plans', { name: 'Quiz items plan' }));
    const module = created<Stored>(await api.post(modulesPath(plan.id), { title: 'Module' }));
    itemsUrl = itemsPath(plan.id, module.id);
  });

  const stored = async (id: string) => (await testApp.db.select().from(trainingPlanItems).where(eq(trainingPlanItems.id, id)))[0]!;

  it('creates a QUIZ item with its quiz, answering the quiz’s id and title', async () => {
    const item = created<Stored>(await api.post(itemsUrl, { title: 'Check', type: 'QUIZ', quizId }));

    expect(item).toMatchObject({ type: 'QUIZ', quizId, quiz: { id: quizId, title: 'Item quiz' }, contentId: null, content: null });
    expect((await api.get(`${itemsUrl}/${item.id}`)).json()).toEqual(item);
  });

  it.each([
    ['a quiz on a CONTENT item', { title: 'x', quizId: 'own' }, 'quizId', 'notAllowed'],
    ['a content on a QUIZ item', { title: 'x', type: 'QUIZ', contentId: 'article' }, 'contentId', 'notAllowed'],
    ['a quiz of another company', { title: 'x', type: 'QUIZ', quizId: 'foreign' }, 'quizId', 'notFound'],
    ['an unknown quiz', { title: 'x', type: 'QUIZ', quizId: '00000000-0000-4000-8000-000000000000' }, 'quizId', 'notFound'],
    ['a quiz id that is not a uuid', { title: 'x', type: 'QUIZ', quizId: 'quiz' }, 'quizId', 'format'],
  ])('refuses %s (400 on the field) and writes nothing', async (_label, body, field, rule) => {
    const ids: Record<string, string> = { own: quizId, foreign: foreignQuizId, article: articleId };
    const sent = Object.fromEntries(Object.entries(body).map(([key, value]) => [key, ids[value as string] ?? value]));
    const before = (await api.get(itemsUrl)).json().total;

    const response = await api.post(itemsUrl, sent);

    expect(response.statusCode).toBe(400);
    expect(errorFields(response)).toEqual([field]);
    expect(response.json().errors[0].rule).toBe(rule);
    expect((await api.get(itemsUrl)).json().total).toBe(before);
  });

  it('changes the quiz, keeps it when omitted, and refuses another company’s on update', async () => {
    const item = created<Stored>(await api.post(itemsUrl, { title: 'Quiz', type: 'QUIZ', quizId }));
    const url = `${itemsUrl}/${item.id}`;

    const changed = await api.put(url, { title: 'Quiz', quizId: otherQuizId, version: 1 });
    const kept = await api.put(url, { title: 'Renamed', version: 2 });
    const foreign = await api.put(url, { title: 'Renamed', quizId: foreignQuizId, version: 3 });

    expect(changed.json()).toMatchObject({ quizId: otherQuizId, quiz: { title: 'Other quiz' }, version: 2 });
    expect(kept.json()).toMatchObject({ title: 'Renamed', type: 'QUIZ', quizId: otherQuizId, version: 3 });
    expect(foreign.statusCode).toBe(400);
    expect(errorFields(foreign)).toEqual(['quizId']);
    expect(await stored(item.id)).toMatchObject({ quizId: otherQuizId, version: 3 });
  });

  it('drops what the item pointed at when its type changes, and takes the other kind in the same save', async () => {
    const reading = created<Stored>(await api.post(itemsUrl, { title: 'Reading', contentId: articleId }));
    const url = `${itemsUrl}/${reading.id}`;

    const toQuiz = await api.put(url, { title: 'Reading', type: 'QUIZ', version: 1 });
    const withQuiz = await api.put(url, { title: 'Reading', quizId, version: 2 });
    const backToContent = await api.put(url, { title: 'Reading', type: 'CONTENT', contentId: articleId, version: 3 });

    expect(toQuiz.json()).toMatchObject({ type: 'QUIZ', contentId: null, quizId: null });
    expect(withQuiz.json()).toMatchObject({ type: 'QUIZ', quizId, quiz: { id: quizId } });
    expect(backToContent.json()).toMatchObject({ type: 'CONTENT', contentId: articleId, quizId: null, quiz: null });
  });

  it('refuses on update a content on a QUIZ item and a quiz on a CONTENT item', async () => {
    const quizItem = created<Stored>(await api.post(itemsUrl, { title: 'Q', type: 'QUIZ', quizId }));
    const contentItem = created<Stored>(await api.post(itemsUrl, { title: 'C', contentId: articleId }));

    const contentOnQuiz = await api.put(`${itemsUrl}/${quizItem.id}`, { title: 'Q', contentId: articleId, version: 1 });
    const quizOnContent = await api.put(`${itemsUrl}/${contentItem.id}`, { title: 'C', quizId, version: 1 });

    expect([errorFields(contentOnQuiz), errorFields(quizOnContent)]).toEqual([['contentId'], ['quizId']]);
    expect(await stored(quizItem.id)).toMatchObject({ contentId: null, quizId, version: 1 });
    expect(await stored(contentItem.id)).toMatchObject({ contentId: articleId, quizId: null, version: 1 });
  });

  it('holds in the database too: a QUIZ item with a content is refused by its check constraint', async () => {
    const item = created<Stored>(await api.post(itemsUrl, { title: 'Q', type: 'QUIZ', quizId }));

    // In a transaction, as the API writes: on the embedded database a statement failing outside one made the request
    // gate's next prepared statement fail (42P05, reported to the coordinator).
    const update = testApp.db.transaction((tx) =>
      tx.update(trainingPlanItems).set({ contentId: articleId }).where(eq(trainingPlanItems.id, item.id)),
    );
    await expect(update).rejects.toThrow();
    expect(await stored(item.id)).toMatchObject({ contentId: null, quizId });
  });

  it('answers the seeded plan’s QUIZ items with their quizzes, one of them asking a question of each type', async () => {
    const plans = await api.get('/api/training-plans?search=onboarding');
    expect(plans.statusCode, plans.body).toBe(200);
    const [plan] = plans.json().items;
    const modules = (await api.get(modulesPath(plan.id))).json().items;
    const items = await Promise.all(
      modules.map(async (module: { id: string }) => (await api.get(itemsPath(plan.id, module.id))).json().items),
    );

    expect(
      items
        .flat()
        .filter((item: { type: string }) => item.type === 'QUIZ')
        .map((item: { title: string; quiz: { title: string } }) => [item.title, item.quiz.title]),
    ).toEqual([
      ['Getting to know us', 'Getting to know Acme Robotics'],
      ['Safety check', 'Workshop safety check'],
    ]);
    const quizIds = items
      .flat()
      .filter((item: { type: string }) => item.type === 'QUIZ')
      .map((item: { quizId: string }) => item.quizId);
    const types = await Promise.all(
      quizIds.map(async (id: string) => (await api.get(`/api/quizzes/${id}`)).json<Quiz>().questions.map(({ type }) => type)),
    );
    // “Workshop safety check” asks one question of each type.
    expect(new Set(types[1])).toEqual(new Set(questionTypes));
  });
});
