import { fakeResource, record, type FakeRecord } from '../support/views/fake-api';
import { fakeTrainingPlans } from '../support/views/fake-training-plans';

/** Onboarding (a DRAFT created 4 March 2025) and Safety first (PUBLISHED, freely navigable, 6 May 2025). */
export const planRecords: FakeRecord[] = [
  record('plan-1', { name: 'Onboarding', status: 'DRAFT', freelyNavigable: false, moduleCount: 3, createdAt: '2025-03-04T10:00:00.000Z' }),
  record('plan-2', {
    name: 'Safety first',
    status: 'PUBLISHED',
    freelyNavigable: true,
    moduleCount: 1,
    createdAt: '2025-05-06T10:00:00.000Z',
  }),
];

export const plans = () => fakeResource(planRecords, ['name', 'status']);

const moduleRecord = (id: string, trainingPlanId: string, title: string, order: number) => record(id, { trainingPlanId, title, order });

const itemRecord = (
  id: string,
  trainingPlanModuleId: string,
  title: string,
  order: number,
  type: string,
  content: { id: string; title: string } | null,
) => record(id, { trainingPlanModuleId, title, order, type, contentId: content?.id ?? null, content });

export const welcomeVideo = { id: 'k1', title: 'Welcome video' };

/** Onboarding has Welcome (two items), Tools and Wrap-up; Safety first has Rules. */
export const modulesAndItems = () =>
  fakeTrainingPlans({
    modules: [
      moduleRecord('m1', 'plan-1', 'Welcome', 1),
      moduleRecord('m2', 'plan-1', 'Tools', 2),
      moduleRecord('m3', 'plan-1', 'Wrap-up', 3),
      moduleRecord('m4', 'plan-2', 'Rules', 1),
    ],
    items: [
      itemRecord('i1', 'm1', 'Intro', 1, 'CONTENT', welcomeVideo),
      itemRecord('i2', 'm1', 'Check', 2, 'QUIZ', null),
      itemRecord('i3', 'm4', 'Signs', 1, 'CONTENT', null),
    ],
  });

export const contents = () =>
  fakeResource([record('k1', { title: 'Welcome video', type: 'Video' }), record('k2', { title: 'Handbook', type: 'Article' })], ['title']);
