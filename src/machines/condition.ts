/** A record's field holding one of some values: what allows an action (a plan is deleted only while a DRAFT). */
export interface Condition {
  field: string;
  oneOf: readonly string[];
}

/** No condition always holds; otherwise the record must have the field with one of the values. */
export function holds(condition: Condition | null | undefined, record: object | null | undefined): boolean {
  if (!condition) return true;
  const value: unknown = record ? (record as Record<string, unknown>)[condition.field] : undefined;
  return (condition.oneOf as readonly unknown[]).includes(value);
}
