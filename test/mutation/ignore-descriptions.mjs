// A Stryker ignorer (stryker.config.mjs): the `description` of a machine's state or transition is documentation,
// read by people and by the test plans (docs/test-plans), never by the machine. A mutant of it changes no behaviour,
// so it is left out of the score instead of counting as a survivor no test could kill.
// The plugin is written as the object `declareValuePlugin` would build, so nothing but Stryker itself is needed.
export const strykerPlugins = [
  {
    kind: 'Ignore',
    name: 'machine-descriptions',
    value: {
      shouldIgnore(path) {
        const { node } = path;
        const isDescription =
          node.type === 'ObjectProperty' && !node.computed && node.key.type === 'Identifier' && node.key.name === 'description';
        return isDescription ? 'A description documents the machine; it changes no behaviour.' : undefined;
      },
    },
  },
];
