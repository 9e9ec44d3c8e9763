/**
 * The `format` of a statements query (xAPI 1.0.3, Communication 2.1.3): `exact` answers statements as stored; `ids`
 * keeps only what identifies each Agent, Group, Activity and Verb; `canonical` keeps one language of each language
 * map, the one the request's `Accept-Language` prefers. Pure functions of a stored statement: nothing stored changes.
 */
type Json = Record<string, unknown>;

export type StatementFormat = 'exact' | 'ids' | 'canonical';

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const ifiKeys = ['mbox', 'mbox_sha1sum', 'openid', 'account'] as const;

/** An Agent or Group as its identifier: an anonymous Group as its members' identifiers. */
function agentIds(agent: unknown): unknown {
  if (!isObject(agent)) return agent;
  const kept: Json = agent.objectType === undefined ? {} : { objectType: agent.objectType };
  for (const key of ifiKeys) if (agent[key] !== undefined) kept[key] = agent[key];
  const identified = ifiKeys.some((key) => agent[key] !== undefined);
  if (!identified && Array.isArray(agent.member)) kept.member = agent.member.map(agentIds);
  return kept;
}

/** An Activity as its identifier, its id alone (what the conformance suite checks of a SubStatement's object too). */
const activityIds = (activity: unknown) => (isObject(activity) ? { id: activity.id } : activity);

/** A statement's object in `ids`: by its kind. */
function objectIds(object: unknown): unknown {
  if (!isObject(object)) return object;
  switch (object.objectType) {
    case 'Agent':
    case 'Group':
      return agentIds(object);
    case 'SubStatement':
      return idsOf(object);
    case 'StatementRef':
      return object;
    default:
      return activityIds(object);
  }
}

function contextIds(context: unknown): unknown {
  if (!isObject(context)) return context;
  const kept: Json = { ...context };
  if (context.instructor !== undefined) kept.instructor = agentIds(context.instructor);
  if (context.team !== undefined) kept.team = agentIds(context.team);
  if (isObject(context.contextActivities)) {
    kept.contextActivities = Object.fromEntries(
      Object.entries(context.contextActivities).map(([kind, list]) => [
        kind,
        Array.isArray(list) ? list.map(activityIds) : activityIds(list),
      ]),
    );
  }
  return kept;
}

function idsOf(statement: Json): Json {
  const kept: Json = { ...statement, actor: agentIds(statement.actor), object: objectIds(statement.object) };
  if (isObject(statement.verb)) kept.verb = { id: statement.verb.id };
  if (statement.context !== undefined) kept.context = contextIds(statement.context);
  if (statement.authority !== undefined) kept.authority = agentIds(statement.authority);
  return kept;
}

/** The languages of an `Accept-Language` header, most wanted first (`*` and q=0 dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** One entry of a language map: the first wanted language it has (exactly, then by its primary tag), else its first. */
function oneLanguage(map: unknown, wanted: string[]): unknown {
  if (!isObject(map)) return map;
  const keys = Object.keys(map);
  if (keys.length <= 1) return map;
  const lower = keys.map((key) => key.toLowerCase());
  for (const tag of wanted) {
    const exact = lower.indexOf(tag);
    if (exact >= 0) return { [keys[exact]!]: map[keys[exact]!] };
    const primary = lower.findIndex((key) => key.split('-')[0] === tag.split('-')[0]);
    if (primary >= 0) return { [keys[primary]!]: map[keys[primary]!] };
  }
  return { [keys[0]!]: map[keys[0]!] };
}

const interactionLists = ['choices', 'scale', 'source', 'target', 'steps'] as const;

function canonicalActivity(activity: unknown, wanted: string[]): unknown {
  if (!isObject(activity) || !isObject(activity.definition)) return activity;
  const definition: Json = { ...activity.definition };
  for (const key of ['name', 'description'] as const)
    if (definition[key] !== undefined) definition[key] = oneLanguage(definition[key], wanted);
  for (const key of interactionLists) {
    const list = definition[key];
    if (Array.isArray(list)) {
      definition[key] = list.map((component: unknown) =>
        isObject(component) && component.description !== undefined
          ? { ...component, description: oneLanguage(component.description, wanted) }
          : component,
      );
    }
  }
  return { ...activity, definition };
}

function canonicalOf(statement: Json, wanted: string[]): Json {
  const kept: Json = { ...statement };
  if (isObject(statement.verb) && statement.verb.display !== undefined) {
    kept.verb = { ...statement.verb, display: oneLanguage(statement.verb.display, wanted) };
  }
  const object = statement.object;
  if (isObject(object)) {
    if (object.objectType === 'SubStatement') kept.object = canonicalOf(object, wanted);
    else if (object.objectType === undefined || object.objectType === 'Activity') kept.object = canonicalActivity(object, wanted);
  }
  const context = statement.context;
  if (isObject(context) && isObject(context.contextActivities)) {
    kept.context = {
      ...context,
      contextActivities: Object.fromEntries(
        Object.entries(context.contextActivities).map(([kind, list]) => [
          kind,
          Array.isArray(list) ? list.map((activity: unknown) => canonicalActivity(activity, wanted)) : canonicalActivity(list, wanted),
        ]),
      ),
    };
  }
  return kept;
}

/** A stored statement in the asked format. */
export function formatStatement(statement: unknown, format: StatementFormat, acceptLanguage?: string): unknown {
  if (!isObject(statement) || format === 'exact') return statement;
  return format === 'ids' ? idsOf(statement) : canonicalOf(statement, acceptedLanguages(acceptLanguage));
}
