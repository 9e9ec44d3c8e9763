const violationKinds = { '23505': 'unique', '23503': 'foreignKey', '23001': 'foreignKey' } as const;

export interface ConstraintViolation {
  kind: (typeof violationKinds)[keyof typeof violationKinds];
  constraint: string;
}

/** The unique or foreign-key (NO ACTION or RESTRICT) constraint a failed statement violated, or null; drivers nest it in `cause`. */
export function constraintViolation(error: unknown): ConstraintViolation | null {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    const kind = violationKinds[code as keyof typeof violationKinds];
    if (kind && typeof constraint === 'string') return { kind, constraint };
  }
  return null;
}
