// Preloaded with `node --import`: appends the URL of every module loaded from a path matching
// RECORD_MODULE_LOADS_PATTERN to the file RECORD_MODULE_LOADS_FILE, one per line.
import { appendFileSync } from 'node:fs';
import module from 'node:module';

const pattern = new RegExp(process.env.RECORD_MODULE_LOADS_PATTERN ?? '$^');
const file = process.env.RECORD_MODULE_LOADS_FILE;

module.registerHooks?.({
  load(url, context, nextLoad) {
    if (file !== undefined && pattern.test(url)) appendFileSync(file, `${url}\n`);
    return nextLoad(url, context);
  },
});
