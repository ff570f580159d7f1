// `node --import ./scripts/source-hooks.js FILE.ts`: Skillset's own packages resolve to their
// TypeScript sources (the `source` export and import condition); every other package resolves as usual.
import module from 'node:module';
import { registerCommonJsHooks } from '../packages/cli/bin/commonjs-hooks.js';

registerCommonJsHooks();

/** A subpath import (`#…`) of Skillset's own sources: in a checkout they are never under node_modules. */
function isOwnImport(specifier, context) {
  return specifier.startsWith('#') && !context.parentURL?.includes('/node_modules/');
}

module.registerHooks({
  resolve(specifier, context, nextResolve) {
    if (
      !specifier.startsWith('@skillset/') &&
      specifier !== 'skillset' &&
      !isOwnImport(specifier, context)
    ) {
      return nextResolve(specifier, context);
    }
    return nextResolve(specifier, { ...context, conditions: ['source', ...context.conditions] });
  },
});
