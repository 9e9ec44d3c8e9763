const violationKinds = { '23505': 'unique', '23503': 'foreignKey', '23001': 'foreignKey' } as const;

export interface ConstraintViolation {
  kind: (typeof violationKinds)[keyof typeof violationKinds];
  constraint: string;
}

/** The unique or foreign-key (NO ACTION or RESTRICT) constraint a failed statement violated, or null; drivers nest it in `cause`. */
export function constraintViolation(error: unknown): ConstraintViolation | null {
  for (const current of causeChain(error)) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    const kind = violationKinds[code as keyof typeof violationKinds];
    if (kind && typeof constraint === 'string') return { kind, constraint };
  }
  return null;
}

/**
 * PostgreSQL's codes for a transaction it ended to let a concurrent one go on (deadlock_detected, serialization_failure):
 * nothing was written, and the same request sent again may well succeed.
 */
const transientConflictCodes = new Set(['40P01', '40001']);

/** Whether a failed statement was ended by PostgreSQL for a concurrent transaction's sake; drivers nest it in `cause`. */
export function isTransientConflict(error: unknown): boolean {
  return causeChain(error).some((current) => transientConflictCodes.has((current as { code?: unknown }).code as string));
}

/** An error and the errors it was caused by, outermost first, as far as each is an object. */
function causeChain(error: unknown): object[] {
  const chain: object[] = [];
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) chain.push(current);
  return chain;
}
