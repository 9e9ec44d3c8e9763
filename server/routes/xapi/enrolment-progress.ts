import { sql } from 'drizzle-orm';
import { activityIdPrefix } from '../../../contract/activity-ids';
import type { Database } from '../../db/client';
import { verbs, type PreparedStatement } from './statements';
import type { LrsCaller } from './xapi.routes';

const starting = new Set<string>([verbs.launched, verbs.initialized, verbs.progressed]);
const moving = new Set<string>([...starting, verbs.completed, verbs.passed, verbs.failed]);
const activityPattern = new RegExp(
  `^${activityIdPrefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(plan|item)/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);

/** What a statement says to the progress rules: its learner, activity, verb, time and score. */
interface Move {
  /** Its order: the batch's order, or `seq` when replayed. */
  o: number;
  /** The learner's email (lower case). */
  e: string;
  /** `plan` or `item`. */
  k: string;
  /** The plan's or item's id. */
  a: string;
  v: string;
  /** The statement's `timestamp`, never later than its `stored`. */
  t: string;
  s: number | null;
}

/** A move matched to an enrolment of the caller's company (the plan and, for an item, the item and its type). */
interface Matched {
  o: number;
  v: string;
  t: string;
  s: number | null;
  en: string;
  p: string;
  i: string | null;
  ty: string | null;
}

interface Said {
  actorMbox: string | null;
  verbId: string;
  objectActivityId: string | null;
  at: Date;
  scoreScaled: number | null;
}

/** The move a statement may make, or null for one that moves nothing whoever it names. */
function moveOf(said: Said, order: number): Move | null {
  if (!moving.has(said.verbId) || !said.actorMbox?.toLowerCase().startsWith('mailto:')) return null;
  const match = activityPattern.exec(said.objectActivityId ?? '');
  if (!match) return null;
  return {
    o: order,
    e: said.actorMbox.slice('mailto:'.length).toLowerCase(),
    k: match[1]!,
    a: match[2]!,
    v: said.verbId,
    t: said.at.toISOString(),
    s: said.scoreScaled,
  };
}

const rowsOf = async <Row>(result: Promise<unknown>): Promise<Row[]> => ((await result) as { rows: Row[] }).rows;

/**
 * One statement: the moves whose learner is one of the company's users and whose activity is one of its plans or their
 * items, each with the learner's enrolment in that plan (a learner not enrolled: nothing), the enrolments locked
 * (FOR NO KEY UPDATE, in id order so two batches never wait for each other in a circle) before the next statement reads.
 */
async function matchAndLock(db: Database, caller: LrsCaller, moves: Move[]): Promise<Matched[]> {
  if (moves.length === 0) return [];
  return rowsOf<Matched>(
    db.execute(sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb)
          AS x(o bigint, e text, k text, a uuid, v text, t timestamptz, s double precision)
      ), matched AS (
        SELECT i.o, i.v, i.t, i.s, en.id AS en, p.id AS p, it.id AS i, it.type AS ty
        FROM input i
        LEFT JOIN training_plan_items it ON i.k = 'item' AND it.id = i.a
        LEFT JOIN training_plan_modules mo ON mo.id = it.module_id
        JOIN training_plans p ON p.id = (CASE WHEN i.k = 'plan' THEN i.a ELSE mo.training_plan_id END)
          AND p.company_id = ${caller.companyId}
        JOIN users u ON lower(u.email) = i.e AND u.company_id = ${caller.companyId}
        JOIN enrolments en ON en.training_plan_id = p.id AND en.user_id = u.id AND en.company_id = ${caller.companyId}
      ), locked AS (
        SELECT id FROM enrolments WHERE id IN (SELECT en FROM matched) ORDER BY id FOR NO KEY UPDATE
      )
      SELECT o::float8 AS o, v, to_json(t) #>> '{}' AS t, s, en, p, i, ty
      FROM matched WHERE en IN (SELECT id FROM locked) ORDER BY o`),
  );
}

/**
 * One statement: the matched moves applied in their order, as if one after the other:
 * - any moving verb: started at the first one's time if not yet, last activity the latest time;
 * - `completed` of an item, `passed` of a QUIZ item with a score: the item done (`enrolment_items`, at the first such
 *   statement; `failed`, like the other verbs, is activity only);
 * - progress = items done ÷ items of the plan; `completed_at`, once, the time of the first statement after which every
 *   item is done (a plan without items: its first `completed` or `passed` of the plan itself, and progress 1).
 * It reads after matchAndLock's locks, so it sees what every earlier writer of these enrolments committed.
 */
async function apply(db: Database, caller: LrsCaller, matched: Matched[]) {
  if (matched.length === 0) return;
  await db.execute(sql`
    WITH m AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(matched)}::jsonb)
        AS x(o float8, v text, t timestamptz, s double precision, en uuid, p uuid, i uuid, ty text)
    ), totals AS (
      SELECT x.en, x.p, (SELECT count(*) FROM training_plan_items it JOIN training_plan_modules mo ON mo.id = it.module_id
                         WHERE mo.training_plan_id = x.p) AS total
      FROM (SELECT DISTINCT en, p FROM m) x
    ), before AS (
      SELECT ei.enrolment_id AS en, ei.item_id AS i
      FROM totals t
      JOIN enrolment_items ei ON ei.enrolment_id = t.en
      JOIN training_plan_items it ON it.id = ei.item_id
      JOIN training_plan_modules mo ON mo.id = it.module_id AND mo.training_plan_id = t.p
    ), fresh AS (
      SELECT DISTINCT ON (en, i) en, i, o, t, v, s FROM m
      WHERE i IS NOT NULL AND (v = ${verbs.completed} OR (v = ${verbs.passed} AND ty = 'QUIZ' AND s IS NOT NULL))
        AND NOT EXISTS (SELECT FROM before b WHERE b.en = m.en AND b.i = m.i)
      ORDER BY en, i, o
    ), inserted AS (
      INSERT INTO enrolment_items (enrolment_id, item_id, tenant_id, company_id, done_at, verb_id, score_scaled)
      SELECT en, i, ${caller.tenantId}, ${caller.companyId}, t, v, s FROM fresh
      ON CONFLICT DO NOTHING
    ), steps AS (
      SELECT m.en, m.o, m.t, tt.total,
        (SELECT count(*) FROM before b WHERE b.en = m.en) + (SELECT count(*) FROM fresh f WHERE f.en = m.en AND f.o <= m.o) AS done,
        (tt.total = 0 AND m.i IS NULL AND m.v IN (${verbs.completed}, ${verbs.passed})) AS plan_finished
      FROM m JOIN totals tt ON tt.en = m.en
    ), summary AS (
      SELECT en,
        (array_agg(t ORDER BY o))[1] AS first_at,
        max(t) AS last_at,
        max(total) AS total,
        max(done) AS done,
        bool_or(plan_finished) AS plan_finished,
        (array_agg(t ORDER BY o) FILTER (WHERE (total > 0 AND done >= total) OR plan_finished))[1] AS completes_at
      FROM steps GROUP BY en
    )
    UPDATE enrolments e SET
      started_at = coalesce(e.started_at, s.first_at),
      last_activity_at = greatest(e.last_activity_at, s.last_at),
      progress = CASE WHEN s.total > 0 THEN least(1, s.done::float8 / s.total)
                      WHEN s.plan_finished OR e.completed_at IS NOT NULL THEN 1 ELSE 0 END,
      completed_at = coalesce(e.completed_at, s.completes_at)
    FROM summary s WHERE e.id = s.en`);
}

/**
 * Moves the company's enrolments with the statements just stored (issue 27), in their transaction, set-based: one
 * statement matches and locks the enrolments the batch names, one applies the whole batch (none when no statement of
 * the batch may move anything). Only a statement whose actor is one of the credential's company's users (`mbox`
 * `mailto:`, any case) and whose object is one of that company's plans or their items (`contract/activity-ids.ts`)
 * moves anything, and only the enrolment of that learner in that plan. Every other valid statement is stored and
 * moves nothing. The rules: `apply` above. The time is the statement's `timestamp`, never later than its `stored`.
 */
export async function moveEnrolments(db: Database, caller: LrsCaller, statements: PreparedStatement[]) {
  const moves = statements.flatMap((statement, index) => {
    const stored = new Date(statement.statement.stored as string);
    const move = moveOf({ ...statement, at: statement.timestamp < stored ? statement.timestamp : stored }, index);
    return move ? [move] : [];
  });
  await apply(db, caller, await matchAndLock(db, caller, moves));
}

/**
 * Rolls back what voided statements did (issue 27): the enrolments they moved are recomputed from the remaining
 * non-voided statements of their learner on their plan, replayed in the order they were stored (`seq`) by the same
 * rules. `voidedIds`: statements of the caller's store just voided, in the writer's transaction.
 */
export async function recomputeVoided(db: Database, caller: LrsCaller, voidedIds: string[]) {
  if (voidedIds.length === 0) return;
  const targets = await rowsOf<{
    actorMbox: string | null;
    verbId: string;
    objectActivityId: string | null;
    at: string;
    score: number | null;
  }>(
    db.execute(sql`
      SELECT actor_mbox AS "actorMbox", verb_id AS "verbId", object_activity_id AS "objectActivityId",
        to_json(least(timestamp, stored)) #>> '{}' AS at, NULL::float8 AS score
      FROM xapi_statements
      WHERE company_id = ${caller.companyId} AND voided AND id IN (${sql.join(
        voidedIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  const moves = targets.flatMap((target, index) => {
    const move = moveOf({ ...target, at: new Date(target.at), scoreScaled: target.score }, index);
    return move ? [move] : [];
  });
  const touched = [...new Set((await matchAndLock(db, caller, moves)).map((row) => row.en))];
  if (touched.length === 0) return;
  const ids = sql.join(
    touched.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`DELETE FROM enrolment_items WHERE enrolment_id IN (${ids})`);
  await db.execute(sql`
    UPDATE enrolments SET started_at = NULL, completed_at = NULL, progress = 0, last_activity_at = NULL WHERE id IN (${ids})`);
  const remaining = await rowsOf<{
    seq: string;
    actorMbox: string;
    verbId: string;
    objectActivityId: string | null;
    at: string;
    score: number | null;
  }>(
    db.execute(sql`
      SELECT s.seq::text AS seq, s.actor_mbox AS "actorMbox", s.verb_id AS "verbId", s.object_activity_id AS "objectActivityId",
        to_json(least(s.timestamp, s.stored)) #>> '{}' AS at,
        CASE WHEN jsonb_typeof(s.statement #> '{result,score,scaled}') = 'number'
             THEN (s.statement #>> '{result,score,scaled}')::float8 END AS score
      FROM (SELECT DISTINCT 'mailto:' || lower(u.email) AS mbox FROM enrolments en JOIN users u ON u.id = en.user_id
            WHERE en.id IN (${ids})) learners
      JOIN xapi_statements s ON s.company_id = ${caller.companyId} AND lower(s.actor_mbox) = learners.mbox
      WHERE NOT s.voided AND s.verb_id IN (${sql.join(
        [...moving].map((verb) => sql`${verb}`),
        sql`, `,
      )})
      ORDER BY s.seq`),
  );
  const replay = remaining.flatMap((row, index) => {
    const move = moveOf({ ...row, at: new Date(row.at), scoreScaled: row.score }, index);
    return move ? [move] : [];
  });
  const wanted = new Set(touched);
  await apply(
    db,
    caller,
    (await matchAndLock(db, caller, replay)).filter((row) => wanted.has(row.en)),
  );
}
