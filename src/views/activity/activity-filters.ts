import { auditActions, auditEntities } from '../../domain/activity';

/** The Activity page's filters as the API takes them (docs/api-contract.md, "Activity") and the address bar holds them. */
export interface ActivityFilters {
  /** Part of the actor's name or email, as the audit row kept it. */
  actor?: string;
  entity?: string;
  action?: string;
  /** ISO date-times: the start of the first day shown, and the start of the day after the last one. */
  from?: string;
  to?: string;
}

export const activityFilterNames = ['actor', 'entity', 'action', 'from', 'to'] as const;

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const validDateTime = (text: string) => isoDateTime.test(text) && !Number.isNaN(Date.parse(text));
const isOneOf = (values: readonly string[], text: string) => values.includes(text);

/**
 * The filters an address holds (`?entity=company&action=UPDATE&from=…`); a value the API would refuse (an unknown
 * entity, a date that is not one, a range that ends before it starts) is left out, as a list leaves out a bad page.
 */
export function readActivityFilters(search: string): ActivityFilters {
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name)?.trim() || undefined;
  const actor = value('actor')?.slice(0, 100);
  const entity = value('entity');
  const action = value('action');
  const from = value('from');
  const to = value('to');
  const fromOk = from !== undefined && validDateTime(from);
  const toOk = to !== undefined && validDateTime(to) && (!fromOk || Date.parse(to) > Date.parse(from));
  return {
    ...(actor && { actor }),
    ...(entity && isOneOf(auditEntities, entity) && { entity }),
    ...(action && isOneOf(auditActions, action) && { action }),
    ...(fromOk && { from }),
    ...(toOk && { to }),
  };
}

/** The filters as the list machine sends them: only those set, in the one order the address writes them. */
export const filterRecord = (filters: ActivityFilters): Record<string, string> =>
  Object.fromEntries(activityFilterNames.flatMap((name) => (filters[name] ? [[name, filters[name]]] : [])));

const pad = (value: number) => String(value).padStart(2, '0');
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const startOfDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
};

/** A date field's day (`2026-11-24`, the user's own calendar) as the `from` the API takes: that day's first moment. */
export const fromOfDay = (day: string) => startOfDay(day).toISOString();

/** The last day to show as the `to` the API takes (exclusive): the first moment of the day after. */
export function toOfDay(day: string) {
  const next = startOfDay(day);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}

/** What the date fields show for the filters: the first day and the last day, in the user's own calendar. */
export const dayOfFrom = (from: string | undefined) => (from ? dayOf(new Date(from)) : '');

export function dayOfTo(to: string | undefined) {
  if (!to) return '';
  const last = new Date(to);
  last.setMilliseconds(last.getMilliseconds() - 1);
  return dayOf(last);
}
