// A Stryker ignorer (stryker.config.mjs) for the parts of a machine that change no behaviour, so that their mutants
// are left out of the score instead of counting as survivors no test could kill:
// - the `description` of a state or transition: documentation, read by people and by the test plans
//   (docs/test-plans), never by the machine; and so a state holding nothing but its description (`{}` for it is the
//   same state);
// - the `types` of `setup({...})`: TypeScript declarations (`{} as Context`); xstate's `setup` never reads them at
//   run time (it takes `schemas`, `actors`, `actions`, `guards` and `delays`).
// The plugin is written as the object `declareValuePlugin` would build, so nothing but Stryker itself is needed.
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
        return undefined;
      },
    },
  },
];
