import { contentDefaults } from '../fixtures/catalogue';
import { fakeResource, record, type FakeRecord } from './fake-api';

export const topicRecords: FakeRecord[] = [
  record('t1', { name: 'Safety', color: '#D32F2F', status: 'ACTIVE', companyId: 'company-1', tenantId: 'tenant-1' }),
  record('t2', { name: 'Onboarding', color: '#1E5AA8', status: 'PENDING', companyId: 'company-1', tenantId: 'tenant-1' }),
];

export const topics = (items: FakeRecord[] = topicRecords) => fakeResource(items, ['name']);

export const contentRecord = (id: string, fields: Record<string, unknown> = {}): FakeRecord =>
  record(id, { title: `Content ${id}`, ...contentDefaults, ...fields });

export const contentRecords: FakeRecord[] = [
  contentRecord('k1', {
    title: 'Forklift training',
    externalUuid: 'video-1',
    status: 'READY',
    topicIds: ['t1'],
    topics: [{ id: 't1', name: 'Safety' }],
  }),
  contentRecord('k2', { title: 'Welcome', type: 'Article', renderType: 'INLINE', text: 'Hello & welcome', status: 'READY' }),
  contentRecord('k3', { title: 'Warehouse tour', status: 'DRAFT' }),
  contentRecord('k4', { title: 'Night shift', externalUuid: 'video-4', status: 'PENDING_PROCESSING' }),
  contentRecord('k5', { title: 'Broken upload', externalUuid: 'video-5', status: 'FAILED' }),
];

export const contents = (items: FakeRecord[] = contentRecords) => {
  const resource = fakeResource(items, ['title']);
  const create = resource.api.create.getMockImplementation()!;
  resource.api.create.mockImplementation(async (body) =>
    create({ externalUuid: null, status: body.renderType === 'INLINE' ? 'READY' : 'DRAFT', topics: [], ...body }),
  );
  return resource;
};

export const videoAccess = { serviceUrl: 'http://acme.localhost:3001', courseId: 'company-1', token: 'video-token' };
export const videoOrigin = 'http://acme.localhost:3001';

/** The token `POST auth/refresh-jwt` answers for the video service (the one `videoAccess` hands to the frames). */
export const videoToken = { token: videoAccess.token, expiresAt: '2099-01-01T00:00:00.000Z' };

export const quizRecord = (id: string, fields: Record<string, unknown> = {}): FakeRecord =>
  record(id, {
    title: `Quiz ${id}`,
    description: null,
    status: 'DRAFT',
    topicIds: [],
    topics: [],
    passMark: 70,
    attemptsAllowed: null,
    timeLimitMinutes: null,
    shuffleQuestions: false,
    shuffleAnswers: false,
    showCorrectAnswers: false,
    questionCount: 0,
    totalPoints: 0,
    questions: [],
    companyId: 'company-1',
    tenantId: 'tenant-1',
    ...fields,
  });

export const quizRecords: FakeRecord[] = [
  quizRecord('q1', { title: 'Forklift safety', status: 'READY', questionCount: 3, totalPoints: 4, attemptsAllowed: 2 }),
  quizRecord('q2', { title: 'Welcome check', passMark: 50, timeLimitMinutes: 10 }),
];

export const quizzes = (items: FakeRecord[] = quizRecords) => fakeResource(items, ['title']);
