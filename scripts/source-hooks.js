// `node --import ./scripts/source-hooks.js FILE.ts`: Skillset's own packages resolve to their
// TypeScript sources (the `source` export condition); every other package resolves as usual.
import module from 'node:module';

module.registerHooks({
  resolve(specifier, context, nextResolve) {
    if (!specifier.startsWith('@skillset/') && specifier !== 'skillset') {
      return nextResolve(specifier, context);
    }
    return nextResolve(specifier, { ...context, conditions: ['source', ...context.conditions] });
  },
});
