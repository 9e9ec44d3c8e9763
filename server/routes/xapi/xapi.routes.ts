import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, desc, eq, gt, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import stringify from 'safe-stable-stringify';
import type { Database } from '../../db/client';
import { lrsCredentials, xapiAttachments, xapiStatements } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import {
  attachmentLimits,
  attachmentsOf,
  declaredHashes,
  MultipartBody,
  multipartAnswer,
  readMultipart,
  type AttachmentPart,
} from './attachments';
import { lrsSecretMatches } from './lrs-credentials';
import { moveEnrolments, recomputeVoided } from './enrolment-progress';
import { formatStatement, type StatementFormat } from './statement-format';
import {
  acceptsXapiVersion,
  agentIdentifier,
  checkShape,
  prepareStatement,
  StatementError,
  statementLimits,
  verbs,
  xapiVersion,
  type PreparedStatement,
} from './statements';

export interface LrsCaller {
  credentialId: string;
  tenantId: string;
  companyId: string;
  key: string;
  label: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    lrs: LrsCaller | null;
  }
  interface FastifyInstance {
    /** Statements allowed per credential and window (`rateLimits.xapiStatementsPerCredential`); null: no limit. */
    xapiStatementLimit: { max: number; windowMs: number } | null;
  }
}

const badRequest = (message: string) => new ApiError(400, message, {}, undefined, 'XAPI_BAD_REQUEST');
const unauthorizedLrs = () =>
  new ApiError(
    401,
    'LRS credentials (HTTP Basic key:secret) required',
    { 'www-authenticate': 'Basic realm="xAPI"' },
    undefined,
    'UNAUTHENTICATED',
  );

/** The credential of an HTTP Basic header, checked against its stored hash with the owner's database (no caller yet). */
export async function lrsCallerOf(request: FastifyRequest): Promise<LrsCaller> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) throw unauthorizedLrs();
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1 || decoded.length > 200) throw unauthorizedLrs();
  const key = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const db = request.server.db;
  const [row] = await db
    .select({
      id: lrsCredentials.id,
      tenantId: lrsCredentials.tenantId,
      companyId: lrsCredentials.companyId,
      label: lrsCredentials.label,
      secretHash: lrsCredentials.secretHash,
      revokedAt: lrsCredentials.revokedAt,
      lastUsedAt: lrsCredentials.lastUsedAt,
    })
    .from(lrsCredentials)
    .where(eq(lrsCredentials.key, key));
  if (!row || row.revokedAt !== null || !lrsSecretMatches(key, secret, row.secretHash)) throw unauthorizedLrs();
  // Last use to the minute: one write a minute per credential at most.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(lrsCredentials)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(lrsCredentials.id, row.id));
  }
  return { credentialId: row.id, tenantId: row.tenantId, companyId: row.companyId, key, label: row.label };
}

/** The LRS credential of the request (else 401); its database becomes the credential's company's. */
export async function authenticateLrs(request: FastifyRequest) {
  const caller = await lrsCallerOf(request);
  request.lrs = caller;
  request.db = request.server.forRequest({ scope: 'COMPANY', tenantId: caller.tenantId, companyId: caller.companyId });
  return caller;
}

/** The authority the LRS writes into every statement it stores: the credential, as an account of this LRS. */
export const authorityOf = (caller: LrsCaller) => ({
  objectType: 'Agent',
  name: caller.label,
  account: { homePage: 'https://learning-admin-console/lrs', name: caller.key },
});

/** Counts the statements of a write against the credential's budget (`http/request-gate.ts`): 429 past it. */
export async function chargeStatements(request: FastifyRequest, caller: LrsCaller, count: number) {
  const limit = request.server.xapiStatementLimit;
  if (!limit || count <= 0) return;
  const counted = await new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    request.server.gate.countHit(
      `xapi:statements:${caller.credentialId}`,
      limit.windowMs,
      (error, result) => (error || !result ? reject(error ?? new Error('statements not counted')) : resolve(result)),
      count,
    ),
  );
  if (counted.current > limit.max) {
    throw new ApiError(429, 'Too many statements. Try again later.', {
      'retry-after': String(Math.max(1, Math.ceil(counted.ttl / 1000))),
    });
  }
}

const same = (left: unknown, right: unknown) => stringify(left) === stringify(right);

/**
 * Stores a batch in one transaction, all or nothing: a repeat of a stored id with the same content is skipped, with
 * another content it is a 409 (and nothing of the batch is stored); a voiding statement voids its target (a voiding
 * statement cannot be voided: 400); the attachments' contents are kept once per hash in the store; then the
 * statements move the company's enrolments, and those the voided ones had moved are recomputed without them
 * (`enrolment-progress.ts`). Answers the ids in the batch's order.
 */
export async function storeStatements(db: Database, caller: LrsCaller, batch: PreparedStatement[], attachments: AttachmentPart[] = []) {
  const ids = batch.map((statement) => statement.id);
  const seen = new Map<string, PreparedStatement>();
  for (const statement of batch) {
    const earlier = seen.get(statement.id);
    if (earlier) throw badRequest(`The batch holds statement ${statement.id} twice`);
    seen.set(statement.id, statement);
  }
  await db.transaction(async (tx) => {
    const targets = [...new Set(batch.flatMap((statement) => (statement.voids ? [statement.voids] : [])))];
    for (const target of targets) {
      if (seen.get(target)?.voids) throw badRequest(`Statement ${target} is itself a voiding statement and cannot be voided`);
    }
    if (targets.length > 0) {
      const voiding = await tx
        .select({ id: xapiStatements.id })
        .from(xapiStatements)
        .where(
          and(eq(xapiStatements.companyId, caller.companyId), inArray(xapiStatements.id, targets), eq(xapiStatements.verbId, verbs.voided)),
        );
      if (voiding.length > 0) throw badRequest(`Statement ${voiding[0]!.id} is itself a voiding statement and cannot be voided`);
    }
    const inserted = await tx
      .insert(xapiStatements)
      .values(
        batch.map((statement) => ({
          companyId: caller.companyId,
          tenantId: caller.tenantId,
          id: statement.id,
          credentialId: caller.credentialId,
          stored: new Date(statement.statement.stored as string),
          statement: statement.statement,
          submitted: statement.submitted,
          actorMbox: statement.actorMbox,
          verbId: statement.verbId,
          objectActivityId: statement.objectActivityId,
          objectStatementRef: statement.objectStatementRef,
          registration: statement.registration,
          timestamp: statement.timestamp,
        })),
      )
      .onConflictDoNothing({ target: [xapiStatements.companyId, xapiStatements.id] })
      .returning({ id: xapiStatements.id });
    if (attachments.length > 0) {
      await tx
        .insert(xapiAttachments)
        .values(
          attachments.map((part) => ({
            companyId: caller.companyId,
            tenantId: caller.tenantId,
            sha2: part.hash,
            contentType: part.contentType,
            length: part.content.length,
            content: part.content,
          })),
        )
        .onConflictDoNothing({ target: [xapiAttachments.companyId, xapiAttachments.sha2] });
    }
    const fresh = new Set(inserted.map((row) => row.id));
    const repeats = ids.filter((id) => !fresh.has(id));
    if (repeats.length > 0) {
      const stored = await tx
        .select({ id: xapiStatements.id, submitted: xapiStatements.submitted })
        .from(xapiStatements)
        .where(and(eq(xapiStatements.companyId, caller.companyId), inArray(xapiStatements.id, repeats)));
      for (const row of stored) {
        if (!same(row.submitted, seen.get(row.id)!.submitted)) {
          throw new ApiError(409, `Statement ${row.id} is already stored with another content`, {}, undefined, 'XAPI_STATEMENT_CONFLICT');
        }
      }
    }
    const added = batch.filter((statement) => fresh.has(statement.id));
    const voided = added.flatMap((statement) => (statement.voids ? [statement.voids] : []));
    if (voided.length > 0) {
      await tx
        .update(xapiStatements)
        .set({ voided: true })
        .where(
          and(
            eq(xapiStatements.companyId, caller.companyId),
            inArray(xapiStatements.id, voided),
            sql`${xapiStatements.verbId} <> ${verbs.voided}`,
          ),
        );
    }
    await moveEnrolments(tx, caller, added);
    await recomputeVoided(tx, caller, voided);
  });
  return ids;
}

/**
 * Parses and checks a write's body, JSON or multipart/mixed with attachments: refused whole (400, nothing written) at
 * its first bad statement or attachment. `statementId`: PUT's, which the statement takes.
 */
async function prepareWrite(
  sent: unknown,
  caller: LrsCaller,
  statementId?: string,
): Promise<{ batch: PreparedStatement[]; attachments: AttachmentPart[] }> {
  try {
    const { statements, parts } = sent instanceof MultipartBody ? await readMultipart(sent) : { statements: sent, parts: [] };
    const batch = prepareBody(statements, caller, statementId);
    return { batch, attachments: await attachmentsOf(batch, parts) };
  } catch (error) {
    if (error instanceof StatementError) throw badRequest(error.message);
    throw error;
  }
}

/** A write's statements checked and completed (PUT's `statementId` given to its statement); StatementError else. */
function prepareBody(sent: unknown, caller: LrsCaller, statementId: string | undefined): PreparedStatement[] {
  const single = statementId !== undefined;
  const one = sent && typeof sent === 'object' && !Array.isArray(sent) ? (sent as { id?: unknown }) : null;
  if (single && one && one.id !== undefined && (typeof one.id !== 'string' || one.id.toLowerCase() !== statementId.toLowerCase())) {
    throw new StatementError('The statement id differs from statementId');
  }
  const body = single && one ? { ...one, id: statementId.toLowerCase() } : sent;
  checkShape(body);
  if (body === undefined || body === null) throw new StatementError('The body must be a statement or an array of statements');
  if (single && Array.isArray(body)) throw new StatementError('PUT takes one statement, not an array');
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0) throw new StatementError('The batch holds no statement');
  if (list.length > statementLimits.statementsPerBatch) {
    throw new StatementError(`A batch holds at most ${statementLimits.statementsPerBatch} statements`);
  }
  const stored = new Date();
  const authority = authorityOf(caller);
  return list.map((raw, index) => prepareStatement(raw, stored, authority, Array.isArray(body) ? index : undefined));
}

// --- Queries -------------------------------------------------------------------------------------------------------

const queryParams = new Set([
  'statementId',
  'voidedStatementId',
  'agent',
  'verb',
  'activity',
  'registration',
  'related_activities',
  'related_agents',
  'since',
  'until',
  'limit',
  'format',
  'attachments',
  'ascending',
  'more',
]);
const maxLimit = 500;
/** Where else an agent filter looks with `related_agents=true` (JSON paths into the stored statement). */
const relatedAgentPaths = [
  ['authority'],
  ['context', 'instructor'],
  ['context', 'team'],
  ['object', 'actor'],
  ['object', 'object'],
  ['object', 'context', 'instructor'],
  ['object', 'context', 'team'],
];
/** Where else an activity filter looks with `related_activities=true`: `$id` is the activity asked for. */
const relatedActivityPaths = [
  'lax $.context.contextActivities.*.id ? (@ == $id)',
  'lax $.object ? (@.objectType == "SubStatement").object ? (!exists(@.objectType) || @.objectType == "Activity").id ? (@ == $id)',
  'lax $.object ? (@.objectType == "SubStatement").context.contextActivities.*.id ? (@ == $id)',
];
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Cursor {
  query: Record<string, string>;
  after: number;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(text: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (typeof cursor.after !== 'number' || typeof cursor.query !== 'object' || cursor.query === null) throw new Error('shape');
    // The same checks as a query's own parameters: a cursor is read back from the client.
    if (Object.keys(queryOf(cursor.query)).includes('more') || !Number.isSafeInteger(cursor.after)) throw new Error('shape');
    return cursor;
  } catch {
    throw badRequest('more is not a cursor of this LRS');
  }
}

const timestampParam = (name: string, value: string) => {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw badRequest(`${name} must be a timestamp`);
  return new Date(time);
};
const booleanParam = (name: string, value: string | undefined) => {
  if (value === undefined) return false;
  if (value !== 'true' && value !== 'false') throw badRequest(`${name} must be true or false`);
  return value === 'true';
};

function queryOf(raw: unknown): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (!queryParams.has(key)) throw badRequest(`Unknown parameter ${key}`);
    if (typeof value !== 'string') throw badRequest(`${key} is given more than once`);
    if (value.includes('\u0000') || value.length > 2000) throw badRequest(`${key} is invalid`);
    query[key] = value;
  }
  return query;
}

/** The columns of the statements a query's conditions read: the table's, or an alias's (`matched`, `targeting`…). */
type Statements = Pick<
  typeof xapiStatements,
  'companyId' | 'seq' | 'stored' | 'voided' | 'statement' | 'actorMbox' | 'verbId' | 'objectActivityId' | 'registration'
>;
// Drizzle renders an alias as its name alone: the queries below name the table with each (`xapi_statements matched`).
const aliased = (name: string) => alias(xapiStatements, name) as unknown as Statements;
const matched = aliased('matched');
const targeting = aliased('targeting');
const candidate = aliased('candidate');

interface TargetingQuery {
  companyId: string;
  /** The query's filters on a set of statements. */
  filtersOn: (table: Statements) => SQL[];
  /** What an answered statement must be: not voided, in the time asked, past the cursor. */
  answerable: (table: Statements) => SQL | undefined;
  ascending: boolean;
  size: number;
  /** The seq of the last statement the filters matched on a full page, which a targeting statement must come before. */
  bound: number | null;
}

/**
 * The seqs of the statements a filtered query answers because they target a match (Communication 2.1.3, "Filter
 * Conditions for StatementRefs"): their object is a StatementRef to a statement that matches the filters, or to one
 * that targets such a statement, down a chain of any length (a cycle ends: UNION keeps each step once). A targeted
 * statement counts voided too, so a voiding statement is answered with what its target matched (2.1.4); not voided,
 * the time and the cursor are asked of the statement answered only. Every step stays in the caller's store.
 *
 * Two ways, both through the partial indexes of migration 0036 (a store's targeting statements are few). When the
 * matches fill the page, only a targeting statement before the last of them can enter it: those (the page's span of
 * the store) walk down their chains to a match. Otherwise the chains are walked up from the matches, or down from the
 * store's targeting statements, whichever the planner finds cheaper.
 */
function targetingPage({ companyId, filtersOn, answerable, ascending, size, bound }: TargetingQuery): SQL {
  const direction = sql.raw(ascending ? 'ASC' : 'DESC');
  if (bound !== null) {
    return sql`
      WITH RECURSIVE chain (seq, target) AS (
          SELECT candidate.seq, candidate.object_statement_ref FROM xapi_statements candidate
           WHERE ${and(
             eq(candidate.companyId, companyId),
             sql`candidate.object_statement_ref IS NOT NULL`,
             answerable(candidate),
             ascending ? lt(candidate.seq, bound) : gt(candidate.seq, bound),
           )}
        UNION
          SELECT chain.seq, r.object_statement_ref FROM chain
            JOIN xapi_statements r ON r.company_id = ${companyId}::uuid AND r.id = chain.target
           WHERE r.object_statement_ref IS NOT NULL
      )
      SELECT DISTINCT chain.seq FROM chain
        JOIN xapi_statements matched ON matched.company_id = ${companyId}::uuid AND matched.id = chain.target
       WHERE ${and(...filtersOn(matched))}
       ORDER BY chain.seq ${direction} LIMIT ${size}`;
  }
  return sql`
    WITH RECURSIVE targeting (id, seq, stored, voided) AS (
        SELECT r.id, r.seq, r.stored, r.voided
          FROM xapi_statements matched
          JOIN xapi_statements r ON r.company_id = matched.company_id AND r.object_statement_ref = matched.id
         WHERE ${and(eq(matched.companyId, companyId), ...filtersOn(matched))}
      UNION
        SELECT r.id, r.seq, r.stored, r.voided
          FROM targeting
          JOIN xapi_statements r ON r.company_id = ${companyId}::uuid AND r.object_statement_ref = targeting.id
    )
    SELECT targeting.seq FROM targeting WHERE ${answerable(targeting)} ORDER BY targeting.seq ${direction} LIMIT ${size}`;
}

async function getStatements(request: FastifyRequest, reply: FastifyReply, caller: LrsCaller) {
  const db = request.db;
  let query = queryOf(request.query);
  let after: number | null = null;
  if (query.more !== undefined) {
    if (Object.keys(query).length > 1) throw badRequest('more takes no other parameter');
    const cursor = decodeCursor(query.more);
    query = cursor.query;
    after = cursor.after;
  }
  // Taken before the query reads: what was committed by then is in its answer.
  reply.header('x-experience-api-consistent-through', new Date().toISOString());
  if (query.format !== undefined && !['ids', 'exact', 'canonical'].includes(query.format))
    throw badRequest('format must be ids, exact or canonical');
  const format = (query.format ?? 'exact') as StatementFormat;
  const formatted = (statement: unknown) => formatStatement(statement, format, request.headers['accept-language']);
  const withAttachments = booleanParam('attachments', query.attachments);
  // attachments=true: multipart/mixed, the JSON then the contents of the attachments its statements declare.
  const answer = async (json: unknown, statements: unknown[]) => {
    if (!withAttachments) return json;
    const hashes = declaredHashes(statements);
    const stored =
      hashes.length === 0
        ? []
        : await db
            .select({ sha2: xapiAttachments.sha2, contentType: xapiAttachments.contentType, content: xapiAttachments.content })
            .from(xapiAttachments)
            .where(and(eq(xapiAttachments.companyId, caller.companyId), inArray(xapiAttachments.sha2, hashes)));
    const multipart = multipartAnswer(json, stored);
    return reply.type(multipart.contentType).send(multipart.body);
  };

  const single = query.statementId ?? query.voidedStatementId;
  if (single !== undefined) {
    if (query.statementId !== undefined && query.voidedStatementId !== undefined)
      throw badRequest('Give statementId or voidedStatementId, not both');
    const others = Object.keys(query).filter((key) => !['statementId', 'voidedStatementId', 'format', 'attachments'].includes(key));
    if (others.length > 0) throw badRequest(`${others[0]} is not allowed with a statement id`);
    if (!uuidPattern.test(single)) throw badRequest('The statement id must be a UUID');
    const voided = query.voidedStatementId !== undefined;
    const [row] = await db
      .select({ statement: xapiStatements.statement, stored: xapiStatements.stored })
      .from(xapiStatements)
      .where(
        and(eq(xapiStatements.companyId, caller.companyId), eq(xapiStatements.id, single.toLowerCase()), eq(xapiStatements.voided, voided)),
      );
    if (!row) throw new ApiError(404, 'No such statement', {}, undefined, 'XAPI_STATEMENT_NOT_FOUND');
    reply.header('last-modified', row.stored.toUTCString());
    return answer(formatted(row.statement), [row.statement]);
  }

  // The filters (Communication 2.1.3), as conditions on a set of statements: those answered, or the ones a chain of
  // StatementRefs targets.
  let ifi: Record<string, unknown> | undefined;
  if (query.agent !== undefined) {
    try {
      ifi = agentIdentifier(query.agent);
    } catch (error) {
      throw error instanceof StatementError ? badRequest(error.message) : error;
    }
  }
  const relatedAgents = booleanParam('related_agents', query.related_agents);
  const relatedActivities = booleanParam('related_activities', query.related_activities);
  if (query.registration !== undefined && !uuidPattern.test(query.registration)) throw badRequest('registration must be a UUID');
  const filtersOn = (table: Statements): SQL[] => {
    const filters: (SQL | undefined)[] = [];
    if (ifi !== undefined) {
      const json = JSON.stringify(ifi);
      const at = (path: string[]) => sql`${table.statement} #> ${`{${path.join(',')}}`}::text[] @> ${json}::jsonb`;
      filters.push(
        or(
          typeof ifi.mbox === 'string' ? eq(table.actorMbox, ifi.mbox) : at(['actor']),
          at(['object']),
          // related_agents: also the authority, the instructor and team, and the same places of a SubStatement.
          ...(relatedAgents ? relatedAgentPaths.map(at) : []),
        ),
      );
    }
    if (query.verb !== undefined) filters.push(eq(table.verbId, query.verb));
    if (query.activity !== undefined) {
      const activity = eq(table.objectActivityId, query.activity);
      // related_activities: also the context's activities, and a SubStatement's object and context activities.
      const related = relatedActivityPaths.map(
        (path) => sql`jsonb_path_exists(${table.statement}, ${path}::jsonpath, jsonb_build_object('id', ${query.activity}::text))`,
      );
      filters.push(relatedActivities ? or(activity, ...related) : activity);
    }
    if (query.registration !== undefined) filters.push(eq(table.registration, query.registration.toLowerCase()));
    return filters.filter((filter) => filter !== undefined);
  };
  const since = query.since === undefined ? undefined : timestampParam('since', query.since);
  const until = query.until === undefined ? undefined : timestampParam('until', query.until);
  const ascending = booleanParam('ascending', query.ascending);
  let limit = maxLimit;
  if (query.limit !== undefined) {
    if (!/^\d{1,9}$/.test(query.limit)) throw badRequest('limit must be a non-negative integer');
    const asked = Number(query.limit);
    limit = asked === 0 ? maxLimit : Math.min(asked, maxLimit);
  }
  // What an answered statement must be whatever matched it: not voided (Communication 2.1.4), stored in the time asked,
  // past the cursor.
  const answerable = (table: Statements) =>
    and(
      eq(table.voided, false),
      since && gt(table.stored, since),
      until && lte(table.stored, until),
      after === null ? undefined : ascending ? gt(table.seq, after) : lt(table.seq, after),
    );
  const filters = filtersOn(xapiStatements);
  const select = { seq: xapiStatements.seq, statement: xapiStatements.statement };
  const inStore = eq(xapiStatements.companyId, caller.companyId);
  const order = ascending ? asc(xapiStatements.seq) : desc(xapiStatements.seq);
  let rows = await db
    .select(select)
    .from(xapiStatements)
    .where(and(inStore, answerable(xapiStatements), ...filters))
    .orderBy(order)
    .limit(limit + 1);
  if (filters.length > 0) {
    // The statements that target a match, merged in the page's order (one that matches itself is there once).
    const bound = rows.length > limit ? rows[limit]!.seq : null;
    const seqs = targetingPage({ companyId: caller.companyId, filtersOn, answerable, ascending, size: limit + 1, bound });
    const referring = await db
      .select(select)
      .from(xapiStatements)
      .where(and(inStore, sql`${xapiStatements.seq} IN (${seqs})`));
    const bySeq = new Map([...rows, ...referring].map((row) => [row.seq, row]));
    rows = [...bySeq.values()].sort((a, b) => (ascending ? a.seq - b.seq : b.seq - a.seq)).slice(0, limit + 1);
  }
  const page = rows.slice(0, limit);
  const more = rows.length > limit ? `/api/xapi/statements?more=${encodeCursor({ query, after: page.at(-1)!.seq! })}` : '';
  return answer(
    { statements: page.map((row) => formatted(row.statement)), more },
    page.map((row) => row.statement),
  );
}

/**
 * The Learning Record Store (issue 27), xAPI 1.0.3: `GET /xapi/about`, `POST/PUT/GET /xapi/statements`. Each
 * company's statements are its own store: the HTTP Basic credential (an LRS credential's key and secret) names the
 * company, and the request's database runs as that company (row-level security). Every answer carries
 * `X-Experience-API-Version`; every request but `about` must send a supported one (1.0.x).
 */
export const xapiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['xapi'];
  // Statements with attachments (`attachments.ts`): the bytes, read once the credential and version are checked; any
  // other multipart kind (form-data) is refused by the same reader with a 400, as the specification asks.
  app.addContentTypeParser(/^multipart\//i, { parseAs: 'buffer', bodyLimit: attachmentLimits.bodyBytes }, (request, body, done) =>
    done(null, new MultipartBody(String(request.headers['content-type'] ?? ''), body as Buffer)),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-experience-api-version', xapiVersion);
    // A statements query answers it whatever its code (Communication 2.1.3): an error's answer has it too.
    if (
      request.method === 'GET' &&
      request.routeOptions.url?.endsWith('/statements') &&
      !reply.hasHeader('x-experience-api-consistent-through')
    ) {
      reply.header('x-experience-api-consistent-through', new Date().toISOString());
    }
    return payload;
  });
  // Before the body is read: the credential (401 before anything else, as every private route), then the version; the
  // request's database becomes the company's.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.endsWith('/about')) return;
    await authenticateLrs(request);
    if (!acceptsXapiVersion(request.headers['x-experience-api-version'])) {
      throw badRequest(`X-Experience-API-Version must be a supported version (${xapiVersion})`);
    }
  });

  // The resources of the specification this LRS does not keep (state, profiles, agents, activities): 404 once the
  // credential and the version are checked, as for every resource.
  app.all('/*', { config: { public: true }, schema: { hide: true } }, async () => {
    throw new ApiError(404, 'This LRS keeps statements only', {}, undefined, 'NOT_FOUND');
  });

  app.get(
    '/about',
    { config: { public: true }, schema: { summary: 'The xAPI versions this LRS speaks', tags, security: [] } },
    async () => ({
      version: [xapiVersion],
    }),
  );

  app.get(
    '/statements',
    {
      config: { public: true },
      schema: { summary: "The credential's company's statements: one by id, or a query with `more` paging", tags },
    },
    async (request, reply) => getStatements(request, reply, request.lrs!),
  );

  app.post(
    '/statements',
    {
      config: { public: true },
      schema: { summary: 'Store a statement or a batch (all or nothing); answers their ids. Idempotent by statement id', tags },
    },
    async (request) => {
      const caller = request.lrs!;
      if (Object.keys((request.query ?? {}) as object).length > 0) throw badRequest('POST takes no parameter');
      const { batch, attachments } = await prepareWrite(request.body, caller);
      await chargeStatements(request, caller, batch.length);
      return storeStatements(request.db, caller, batch, attachments);
    },
  );

  app.put(
    '/statements',
    {
      config: { public: true },
      schema: {
        summary: 'Store one statement under `statementId`: 204, also for a repeat of the same content; 409 for another content',
        tags,
      },
    },
    async (request, reply) => {
      const caller = request.lrs!;
      const query = queryOf(request.query);
      const extra = Object.keys(query).filter((key) => key !== 'statementId');
      if (extra.length > 0) throw badRequest(`${extra[0]} is not a parameter of PUT`);
      const id = query.statementId;
      if (id === undefined) throw badRequest('statementId is required');
      if (!uuidPattern.test(id)) throw badRequest('statementId must be a UUID');
      const { batch, attachments } = await prepareWrite(request.body, caller, id);
      await chargeStatements(request, caller, batch.length);
      await storeStatements(request.db, caller, batch, attachments);
      return reply.code(204).send();
    },
  );
};
