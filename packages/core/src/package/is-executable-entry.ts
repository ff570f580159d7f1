import type { ZipDirectoryEntry } from './read-zip-directory.ts';

const HOST_UNIX = 3;
const HOST_DARWIN = 19;

/** Whether a ZIP entry was made on Unix (or macOS) with an execute bit in its mode. */
export function isExecutableEntry(entry: ZipDirectoryEntry): boolean {
  const host = entry.versionMadeBy >> 8;
  if (host !== HOST_UNIX && host !== HOST_DARWIN) return false;
  return (Math.floor(entry.externalAttributes / 0x10000) & 0o111) !== 0;
}
