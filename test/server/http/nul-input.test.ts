import { beforeAll, describe, expect, it } from 'vitest';
import { serviceTokenSigner } from '../../../server/video-service/video-tokens';
import { bearer, demo, nextClientIp, signIn, useTestApp } from '../../support/server/harness';
import { demoWorld, signedIn } from '../../support/server/resources';

/**
 * A NUL character (U+0000) cannot be stored in a PostgreSQL text value: wherever a client can put one (a text field
 * of a body, a query string value, a path parameter) the API answers 400 naming the field, on every route of the
 * OpenAPI document, before anything reaches the database.
 */
const videoTokenSecret = 'nul-input-test-secret';
const testApp = useTestApp({ videoTokenSecret });

interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  nullable?: boolean;
}
interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema } } };
}

const nulText = 'before\u0000after';
const someId = '00000000-0000-4000-8000-000000000000';
const acceptsText = (schema: JsonSchema): boolean => schema.type === 'string' || (schema.anyOf ?? []).some(acceptsText);
const isTextList = (schema: JsonSchema) => schema.type === 'array' && schema.items !== undefined && acceptsText(schema.items);

interface NulProbe {
  route: string;
  field: string;
  method: string;
  url: string;
  payload?: Record<string, unknown>;
}

/** One probe per text field of each operation: its body properties, query values and path parameters. */
function probesOf(document: { paths: Record<string, Record<string, Operation>> }): NulProbe[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const urlWith = (pathValues: Record<string, string>, query = '') =>
        path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? someId) + query;
      const route = `${method.toUpperCase()} ${path}`;
      const base = { route, method: method.toUpperCase() };
      // A body that is not JSON (a QTI package's zip) holds no text field.
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const bodyProperties = Object.entries(bodySchema?.properties ?? {});
      return [
        ...parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => ({ ...base, field: parameter.name, url: urlWith({ [parameter.name]: 'before%00after' }) })),
        ...parameters
          .filter((parameter) => parameter.in === 'query' && acceptsText(parameter.schema))
          .map((parameter) => ({ ...base, field: parameter.name, url: urlWith({}, `?${parameter.name}=before%00after`) })),
        ...bodyProperties
          .filter(([, schema]) => acceptsText(schema))
          .map(([name]) => ({ ...base, field: name, url: urlWith({}), payload: { [name]: nulText } })),
        ...bodyProperties
          .filter(([, schema]) => isTextList(schema))
          .map(([name]) => ({ ...base, field: `${name}.0`, url: urlWith({}), payload: { [name]: [nulText] } })),
      ];
    }),
  );
}

describe('a NUL character in any text input', () => {
  let callers: Record<string, string>[] = [];
  let probes: NulProbe[];
  beforeAll(async () => {
    const sessions = await Promise.all(
      [demo.root, demo.tenantAdmin, demo.companyAdmin].map(async (email) => (await signIn(testApp.app, email)).token),
    );
    // The learner endpoints take a company's LRS credentials (HTTP Basic), made here by its admin.
    const companyAdmin = await signedIn(testApp.app, demo.companyAdmin);
    const { key, secret } = (await companyAdmin.post('/api/lrs-credentials', { label: 'NUL probes' })).json<{
      key: string;
      secret: string;
    }>();
    callers = [
      ...[...sessions, await serviceTokenSigner(videoTokenSecret).callbackToken('acme-robotics')].map((token) => bearer(token)),
      { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` },
    ];
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs' })).json();
    probes = probesOf(document);
  });

  it('covers the text inputs of every route of the OpenAPI document', () => {
    const routes = new Set(probes.map((probe) => probe.route));
    // Routes without a text input of their own (GET /users/me, refresh-jwt, health) have nothing to probe.
    expect(routes.size).toBeGreaterThan(30);
    expect(probes.map((probe) => `${probe.route} ${probe.field}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login email',
        'POST /api/auth/login password',
        'GET /api/users search',
        'PUT /api/users/{id} id',
        'PUT /api/users/{id} name',
        'POST /api/companies vinapseTenant',
        'PUT /api/training-plans/{planId}/modules/order moduleIds.0',
        'POST /api/video-callbacks/processed externalUuid',
      ]),
    );
  });

  it('answers 400 naming the field, never 500, on every route, for every scope', async () => {
    const outcomes = [];
    for (const probe of probes) {
      // Each route is tried without a token, with a session of every scope, a video-service token and LRS credentials:
      // the caller allowed to use it reaches validation.
      const answers = [];
      for (const headers of [{}, ...callers]) {
        const response = await testApp.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers,
          remoteAddress: nextClientIp(),
          ...(probe.payload ? { payload: probe.payload } : {}),
        });
        const body: { errors?: { field: string; message: string }[] } = response.body ? response.json() : {};
        answers.push({ status: response.statusCode, nulError: body.errors?.find((error) => error.field === probe.field)?.message });
      }
      outcomes.push({
        probe: `${probe.method} ${probe.url} ${probe.field}`,
        serverErrors: answers.filter((answer) => answer.status >= 500).length,
        refusedAsNul: answers.some((answer) => answer.status === 400 && /NUL/.test(answer.nulError ?? '')),
      });
    }

    expect(outcomes.filter((outcome) => outcome.serverErrors > 0 || !outcome.refusedAsNul)).toEqual([]);
    // Five calls per text input of every route: the work grows with the API, so it gets more than the default 30 s.
  }, 120_000);

  it('refuses a NUL in an otherwise valid write and stores nothing', async () => {
    const world = await demoWorld(testApp.db);
    const root = await signedIn(testApp.app, demo.root);
    const before = (await root.get(`/api/companies/${world.acmeFoods.id}`)).json();

    const created = await root.post('/api/companies', { tenantId: world.acme.id, name: nulText, taxId: 'IT1', countryCode: 'IT' });
    const updated = await root.put(`/api/companies/${world.acmeFoods.id}`, {
      name: before.name,
      taxId: before.taxId,
      countryCode: before.countryCode,
      city: nulText,
      version: before.version,
    });
    const searched = await root.get('/api/users?search=%00');

    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual([{ field: 'name', rule: 'nul', message: expect.stringContaining('NUL') }]);
    expect(updated.statusCode).toBe(400);
    expect(updated.json().errors).toEqual([{ field: 'city', rule: 'nul', message: expect.stringContaining('NUL') }]);
    expect(searched.statusCode).toBe(400);
    expect(searched.json().errors).toEqual([{ field: 'search', rule: 'nul', message: expect.stringContaining('NUL') }]);
    expect((await root.get(`/api/companies/${world.acmeFoods.id}`)).json()).toEqual(before);
  });
});
