import { randomUUID } from 'node:crypto';
import xapiValidation from 'xapi-validation';

/**
 * The validator. The package is CommonJS compiled from TypeScript (`exports.default`): Node's own loader (`npm start`)
 * hands over the whole `module.exports`, bundlers and Vitest its `default`; either way, the function.
 */
const validateStatement = ((xapiValidation as unknown as { default?: typeof xapiValidation }).default ??
  xapiValidation) as typeof xapiValidation;

/** The xAPI versions this LRS speaks (`X-Experience-API-Version`): 1.0.0 to 1.0.3 are one protocol. */
export const xapiVersion = '1.0.3';
export const acceptsXapiVersion = (value: unknown) => typeof value === 'string' && /^1\.0(\.[0-3])?$/.test(value.trim());

export const verbs = {
  voided: 'http://adlnet.gov/expapi/verbs/voided',
  launched: 'http://adlnet.gov/expapi/verbs/launched',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  progressed: 'http://adlnet.gov/expapi/verbs/progressed',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
} as const;

/** Limits on a statement's shape before anything else reads it: hostile bodies are refused, never walked. */
export const statementLimits = { depth: 32, statementsPerBatch: 500 } as const;

export class StatementError extends Error {}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Refuses a body nested deeper than `statementLimits.depth` or holding a NUL anywhere (a key or a string: PostgreSQL's
 * jsonb cannot store one). Iterative, so a body of a million brackets costs a loop, not the stack.
 */
export function checkShape(body: unknown) {
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw new StatementError('A string holds a NUL character');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= statementLimits.depth) throw new StatementError(`The body is nested deeper than ${statementLimits.depth} levels`);
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) throw new StatementError('A property name holds a NUL character');
      stack.push([child, depth + 1]);
    }
  }
}

const describeWarning = (warning: { path?: string[]; name?: string; typeName?: string; data?: unknown }) => {
  const where = (warning.path ?? []).join('.');
  const kind = warning.name === 'RequiredWarning' ? 'is required' : `is invalid (${(warning.name ?? 'Warning').replace(/Warning$/, '')})`;
  return `${where} ${kind}${warning.typeName ? `, expected ${warning.typeName}` : ''}`;
};

const timestampOk = (value: unknown) => {
  if (typeof value !== 'string') return false;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
};

/** The rules of xAPI 1.0.3 that `xapi-validation` does not check. */
function extraRules(statement: Json, path = 'statement'): string[] {
  const problems: string[] = [];
  if (statement.version !== undefined && !(typeof statement.version === 'string' && /^1\.0(\.\d+)?$/.test(statement.version))) {
    problems.push(`${path}.version must be 1.0.x`);
  }
  for (const field of ['timestamp', 'stored'] as const) {
    if (statement[field] !== undefined && !timestampOk(statement[field])) problems.push(`${path}.${field} is not a valid timestamp`);
  }
  const verb = isObject(statement.verb) ? statement.verb : {};
  const object = isObject(statement.object) ? statement.object : {};
  if (verb.id === verbs.voided && object.objectType !== 'StatementRef') {
    problems.push(`${path}.object must be a StatementRef when the verb is voided`);
  }
  const context = isObject(statement.context) ? statement.context : undefined;
  const objectIsActivity = object.objectType === undefined || object.objectType === 'Activity';
  if (context && !objectIsActivity && (context.revision !== undefined || context.platform !== undefined)) {
    problems.push(`${path}.context.revision and platform are allowed only when the object is an Activity`);
  }
  const score = isObject(statement.result) && isObject(statement.result.score) ? statement.result.score : undefined;
  if (score) {
    const { raw, min, max } = score as { raw?: number; min?: number; max?: number };
    if (typeof min === 'number' && typeof max === 'number' && min > max) problems.push(`${path}.result.score.min is above max`);
    if (typeof raw === 'number' && typeof min === 'number' && raw < min) problems.push(`${path}.result.score.raw is below min`);
    if (typeof raw === 'number' && typeof max === 'number' && raw > max) problems.push(`${path}.result.score.raw is above max`);
  }
  if (object.objectType === 'SubStatement') problems.push(...extraRules(object, `${path}.object`));
  return problems;
}

export interface PreparedStatement {
  id: string;
  /** As sent, with its id, without what the LRS sets (`stored`, `authority`, `version`): what a repeat is compared with. */
  submitted: Json;
  /** As stored and answered. */
  statement: Json;
  actorMbox: string | null;
  verbId: string;
  objectActivityId: string | null;
  /** The statement a StatementRef object targets (lower case). */
  objectStatementRef: string | null;
  /** The statement a voiding statement voids. */
  voids: string | null;
  registration: string | null;
  timestamp: Date;
  scoreScaled: number | null;
}

/**
 * A context's activities as the LRS stores and answers them (xAPI 1.0.3, Data 2.4.6.2): a single Activity given as the
 * value of `parent`, `grouping`, `category` or `other` becomes an array of one; the same in a SubStatement's context.
 */
export function contextActivitiesAsArrays(statement: Json): Json {
  const context = statement.context;
  const object = statement.object;
  let result = statement;
  if (isObject(context) && isObject(context.contextActivities)) {
    const activities = Object.fromEntries(
      Object.entries(context.contextActivities).map(([kind, value]) => [kind, isObject(value) ? [value] : value]),
    );
    result = { ...result, context: { ...context, contextActivities: activities } };
  }
  if (isObject(object) && object.objectType === 'SubStatement') result = { ...result, object: contextActivitiesAsArrays(object) };
  return result;
}

/**
 * Validates one statement (`xapi-validation`, then the rules it misses) and completes it as the LRS stores it: its
 * context's activities as arrays, its id
 * (made when absent), `timestamp` (the stored time when absent), `stored`, `authority` (the credential: any sent is
 * replaced) and `version` (1.0.0 when absent). Throws StatementError with every reason found.
 */
export function prepareStatement(sent: unknown, stored: Date, authority: Json, index?: number): PreparedStatement {
  const where = index === undefined ? '' : `statement ${index}: `;
  if (!isObject(sent)) throw new StatementError(`${where}a statement must be a JSON object`);
  const raw = contextActivitiesAsArrays(sent);
  const warnings = validateStatement(raw) as Array<{ path?: string[]; name?: string; typeName?: string }>;
  const problems = [...warnings.map(describeWarning), ...extraRules(raw)];
  if (problems.length > 0) throw new StatementError(`${where}${problems.join('; ')}`);

  const id = typeof raw.id === 'string' ? raw.id.toLowerCase() : randomUUID();
  const { stored: _stored, authority: _authority, version, ...rest } = raw;
  const submitted = { ...rest, id };
  const storedIso = stored.toISOString();
  const timestamp = typeof raw.timestamp === 'string' ? raw.timestamp : storedIso;
  const statement = { ...submitted, timestamp, stored: storedIso, authority, version: typeof version === 'string' ? version : '1.0.0' };
  const actor = raw.actor as Json;
  const verb = raw.verb as Json;
  const object = raw.object as Json;
  const isActivity = object.objectType === undefined || object.objectType === 'Activity';
  const objectStatementRef = object.objectType === 'StatementRef' ? (object.id as string).toLowerCase() : null;
  const context = isObject(raw.context) ? raw.context : {};
  const score = isObject(raw.result) && isObject(raw.result.score) ? raw.result.score : {};
  return {
    id,
    submitted,
    statement,
    actorMbox: typeof actor.mbox === 'string' ? actor.mbox : null,
    verbId: verb.id as string,
    objectActivityId: isActivity ? (object.id as string) : null,
    objectStatementRef,
    voids: verb.id === verbs.voided ? objectStatementRef : null,
    registration: typeof context.registration === 'string' ? context.registration.toLowerCase() : null,
    timestamp: new Date(timestamp),
    scoreScaled: typeof score.scaled === 'number' ? score.scaled : null,
  };
}

/** The Inverse Functional Identifier of an agent filter (`agent=`), or a reason it is not one. */
export function agentIdentifier(text: string): Json {
  let agent: unknown;
  try {
    agent = JSON.parse(text);
  } catch {
    throw new StatementError('agent must be a JSON Agent or Group');
  }
  if (!isObject(agent)) throw new StatementError('agent must be a JSON Agent or Group');
  checkShape(agent);
  const ifis = (['mbox', 'mbox_sha1sum', 'openid', 'account'] as const).filter((key) => agent[key] !== undefined);
  if (ifis.length !== 1) throw new StatementError('agent must have exactly one of mbox, mbox_sha1sum, openid, account');
  const key = ifis[0]!;
  const value = agent[key];
  if (key === 'account') {
    if (!isObject(value) || typeof value.homePage !== 'string' || typeof value.name !== 'string') {
      throw new StatementError('agent.account must have homePage and name');
    }
    return { account: { homePage: value.homePage, name: value.name } };
  }
  if (typeof value !== 'string' || (key === 'mbox' && !value.startsWith('mailto:'))) throw new StatementError(`agent.${key} is invalid`);
  return { [key]: value };
}
