/**
 * What selectors read of a snapshot, each member of a union on its own: a selector written for a machine's rows of
 * any kind then takes the snapshot of rows of one kind.
 */
export type Selectable<Snapshot> = Snapshot extends unknown
  ? Pick<Snapshot, Extract<keyof Snapshot, 'status' | 'output' | 'error' | 'context' | 'matches' | 'hasTag' | 'can'>>
  : never;
