// A Stryker ignorer (stryker.config.mjs) for the parts of a machine that change no behaviour, so that their mutants
// are left out of the score instead of counting as survivors no test could kill:
// - the `description` of a state or transition: documentation, read by people and by the test plans
//   (docs/test-plans), never by the machine; and so a state holding nothing but its description (`{}` for it is the
//   same state);
// - the `types` of `setup({...})`: TypeScript declarations (`{} as Context`); xstate's `setup` never reads them at
//   run time (it takes `schemas`, `actors`, `actions`, `guards` and `delays`).
// - the mutants known to be equivalent (docs/mutation.md), listed below by file and the expression they stand in:
//   kept here rather than as `// Stryker disable` comments in src/machines, which stay free of the tool's pragmas.
// The plugin is written as the object `declareValuePlugin` would build, so nothing but Stryker itself is needed.

/** The nodes each mutator changes, as Babel names them. */
const nodesOf = {
  StringLiteral: ['StringLiteral'],
  OptionalChaining: ['OptionalMemberExpression', 'OptionalCallExpression'],
  ArrayDeclaration: ['ArrayExpression'],
  ObjectLiteral: ['ObjectExpression'],
};

/**
 * The equivalent mutants: in `file`, the mutants of `mutators` on a node that is, or lies within, the expression
 * `within` (its source text as Prettier writes it), and why no test can tell them from the machine.
 */
export const equivalentMutants = [
  {
    file: 'src/machines/content-wizard.machine.ts',
    within:
      "{ id: content.id ?? '', version: content.version ?? 0, title: content.title ?? '', videoBefore: content.externalUuid ?? null }",
    mutators: ['StringLiteral'],
    reason: 'a content read or saved always has an id and a title (contract), and a saved form its record',
  },
  { file: 'src/machines/content-wizard.machine.ts', within: 'fields: []', mutators: ['ArrayDeclaration'], reason: 'no form reads them' },
  {
    file: 'src/machines/content-wizard.machine.ts',
    within: "{ createdKey: '', updatedKey: '' }",
    mutators: ['ObjectLiteral', 'StringLiteral'],
    reason: 'no form reads them',
  },
  {
    file: 'src/machines/content-wizard.machine.ts',
    within: '(record as Partial<Content> | null)?.renderType',
    mutators: ['OptionalChaining'],
    reason: 'the form ends only once saved, with the record the API answered',
  },
  {
    file: 'src/machines/content-wizard.machine.ts',
    within: 'context.content?.videoBefore',
    mutators: ['OptionalChaining'],
    reason: 'the content is known (created or read) before any video is attached',
  },
  {
    file: 'src/machines/content-wizard.machine.ts',
    within: "context.serviceOrigin ?? ''",
    mutators: ['StringLiteral'],
    reason: 'the origin is set with the token, before the upload (preparingUpload)',
  },
  {
    file: 'src/machines/form.machine.ts',
    within: 'failure.errors ?? []',
    mutators: ['ArrayDeclaration'],
    reason: 'a failure without field errors names no `version`; neither would any stand-in list of strings',
  },
  {
    file: 'src/machines/form.machine.ts',
    within: '{ idempotencyKey: (): string | null => null }',
    mutators: ['ObjectLiteral'],
    reason: 'the key is null from the start and this stand-in keeps it so',
  },
  {
    file: 'src/machines/form.machine.ts',
    within: "id: context.id ?? ''",
    mutators: ['StringLiteral'],
    reason: 'only a form with an id loads (opening, then its reloads), and only a loaded record is deleted (canDelete)',
  },
  {
    file: 'src/machines/session.machine.ts',
    within: 'context.session?.state.user.scope',
    mutators: ['OptionalChaining'],
    reason: 'a signed-in session is never null',
  },
  {
    file: 'src/machines/session.machine.ts',
    within: 'event.output?.session',
    mutators: ['OptionalChaining'],
    reason: 'isRestored lets no null output through',
  },
  {
    file: 'src/machines/session.machine.ts',
    within: 'event.output?.rootSession',
    mutators: ['OptionalChaining'],
    reason: 'isRestored lets no null output through',
  },
  {
    file: 'src/machines/session.machine.ts',
    within: "context.session?.token ?? ''",
    mutators: ['OptionalChaining', 'StringLiteral'],
    reason: 'logging out and returning to root happen signed in only: the session is never null',
  },
  {
    file: 'src/machines/user-import.machine.ts',
    within: 'guessMapping([], {})',
    mutators: ['ArrayDeclaration'],
    reason: 'a header no field is named by ("Stryker was here") maps nothing either',
  },
  {
    file: 'src/machines/ordered-list.machine.ts',
    within: "context.pickedId ?? ''",
    mutators: ['StringLiteral'],
    reason: 'a row is picked up all the while the rows are arranged',
  },
  {
    file: 'src/machines/ordered-list.machine.ts',
    within: "context.deletingId ?? ''",
    mutators: ['StringLiteral'],
    reason: 'a deletion is asked only with its row set (canDelete)',
  },
  {
    file: 'src/machines/ordered-list.machine.ts',
    within: "{ ready: 'arranging' }",
    mutators: ['ObjectLiteral'],
    reason: '`{}` matches the other compound states (ready.idle, deleting), where no row is picked up',
  },
  {
    file: 'src/machines/list.machine.ts',
    within: "context.deletingId ?? ''",
    mutators: ['StringLiteral'],
    reason: 'a delete is requested only with its row set',
  },
];

/** The equivalent mutant a node stands in, if any: its file, its kind of node, and an expression around it. */
const equivalentAt = (path) => {
  const filename = path.hub?.file?.opts?.filename ?? '';
  for (const entry of equivalentMutants) {
    if (!filename.endsWith(entry.file)) continue;
    if (!entry.mutators.some((mutator) => nodesOf[mutator].includes(path.node.type))) continue;
    for (let at = path, depth = 0; at && depth < 4; at = at.parentPath, depth += 1) {
      if (at.getSource?.() === entry.within) return entry;
    }
  }
  return undefined;
};
const propertyNamed = (node, name) =>
  node.type === 'ObjectProperty' && !node.computed && node.key.type === 'Identifier' && node.key.name === name;

const isDescribedOnly = (node) =>
  node.type === 'ObjectExpression' &&
  node.properties.length > 0 &&
  node.properties.every((property) => propertyNamed(property, 'description'));

const isSetupTypes = (path) => {
  const call = path.parentPath?.parentPath?.node;
  return (
    propertyNamed(path.node, 'types') &&
    call?.type === 'CallExpression' &&
    call.callee.type === 'Identifier' &&
    call.callee.name === 'setup'
  );
};

export const strykerPlugins = [
  {
    kind: 'Ignore',
    name: 'machine-inert-parts',
    value: {
      shouldIgnore(path) {
        if (propertyNamed(path.node, 'description')) return 'A description documents the machine; it changes no behaviour.';
        if (isDescribedOnly(path.node)) return 'An object holding only a description is, to the machine, an empty one.';
        if (isSetupTypes(path)) return "The types of setup() are TypeScript's alone: xstate does not read them at run time.";
        const equivalent = equivalentAt(path);
        if (equivalent) return `Equivalent: ${equivalent.reason} (docs/mutation.md).`;
        return undefined;
      },
    },
  },
];
