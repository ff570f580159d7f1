// Drizzle and PGlite load through their CommonJS builds: loading their ESM builds (hundreds of
// files of nested `export *`) costs ~180 MB of RSS that stays, the CommonJS builds ~20 MB
// (docs/decisions/0121). Import them as usual; this hook picks the build.
import module from 'node:module';

const COMMONJS_PACKAGES = /^(drizzle-orm|@electric-sql\/pglite)(\/|$)/;

/** Registers the hook; a Node without `module.registerHooks` loads the ESM builds as before. */
export function registerCommonJsHooks() {
  module.registerHooks?.({
    resolve(specifier, context, nextResolve) {
      if (!COMMONJS_PACKAGES.test(specifier)) return nextResolve(specifier, context);
      return nextResolve(specifier, { ...context, conditions: ['node', 'require', 'default'] });
    },
  });
}
