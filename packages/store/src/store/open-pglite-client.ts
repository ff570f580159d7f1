import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** Options for {@link openPgliteClient}. */
export interface OpenPgliteClientOptions {
  /** PGlite's folder (`<dataDir>/pglite`). */
  folder: string;
  /** Where the empty-cluster template is kept; none: every new folder runs `initdb`. */
  templateDir?: string;
}

const pgliteVersion = (() => {
  try {
    // The package exports no package.json: find it next to the entry point.
    const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
    const manifest = join(dirname(entry), '..', 'package.json');
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
})();

/** The template folder of this PGlite version inside `templateDir` (undefined: version unknown). */
export function pgliteTemplateFolder(templateDir: string): string | undefined {
  return pgliteVersion === undefined
    ? undefined
    : join(templateDir, `pglite-cluster-${pgliteVersion}`);
}

const isCluster = (folder: string) => existsSync(join(folder, 'PG_VERSION'));

/** Runs `initdb` once into a fresh folder and renames it into place as the template. */
async function createTemplate(template: string): Promise<boolean> {
  const partial = `${template}.${process.pid}.${Date.now()}.partial`;
  try {
    await mkdir(partial, { recursive: true });
    const scratch = new PGlite(partial);
    try {
      await scratch.waitReady;
    } finally {
      await scratch.close();
    }
    await rename(partial, template);
    return true;
  } catch {
    // Another process won the race, or the cache is read-only: initdb in the folder itself.
    await rm(partial, { recursive: true, force: true });
    return isCluster(template);
  }
}

/**
 * Opens PGlite in `folder`. A new folder normally costs a full `initdb` (seconds of WebAssembly);
 * with `templateDir` the empty cluster `initdb` makes is kept there once per PGlite version, and
 * a new folder starts as a copy of it (decision 0095). When the copy fails or does not open, the
 * folder is emptied and initialised the usual way.
 */
export async function openPgliteClient(options: OpenPgliteClientOptions): Promise<PGlite> {
  const { folder, templateDir } = options;
  const fresh = !isCluster(folder) && (await readdir(folder).catch(() => [])).length === 0;
  const template = templateDir === undefined ? undefined : pgliteTemplateFolder(templateDir);
  if (fresh && template !== undefined) {
    if (isCluster(template) || (await createTemplate(template))) {
      try {
        await cp(template, folder, { recursive: true });
        const client = new PGlite(folder);
        await client.waitReady;
        return client;
      } catch {
        await rm(folder, { recursive: true, force: true });
        await mkdir(folder, { recursive: true });
      }
    }
  }
  const client = new PGlite(folder);
  await client.waitReady;
  return client;
}
