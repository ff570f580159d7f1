/** Signature of a ZIP local file header (`PK\x03\x04`). */
export const LOCAL_HEADER_SIGNATURE = 0x04034b50;
/** Signature of a ZIP central directory header (`PK\x01\x02`). */
export const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
/** Signature of the ZIP end of central directory record (`PK\x05\x06`). */
export const END_OF_DIRECTORY_SIGNATURE = 0x06054b50;
/** Signature of the ZIP64 end of central directory locator (`PK\x06\x07`). */
export const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
/** Fixed length of a local file header before its name and extra field. */
export const LOCAL_HEADER_LENGTH = 30;
/** Fixed length of a central directory header before its name, extra field and comment. */
export const CENTRAL_HEADER_LENGTH = 46;
/** Fixed length of the end of central directory record before its comment. */
export const END_OF_DIRECTORY_LENGTH = 22;
/** General purpose flag: the entry is encrypted. */
export const FLAG_ENCRYPTED = 0x0001;
/** General purpose flag: strong encryption. */
export const FLAG_STRONG_ENCRYPTION = 0x0040;
/** General purpose flag: the name is UTF-8 (APPNOTE 4.4.4, bit 11). */
export const FLAG_UTF8 = 0x0800;
/** Compression method: stored. */
export const METHOD_STORED = 0;
/** Compression method: deflate. */
export const METHOD_DEFLATE = 8;
/** "Version made by" for Unix, spec version 2.0 (so external attributes carry a Unix mode). */
export const MADE_BY_UNIX = (3 << 8) | 20;
/** Unix file type bits of a mode. */
export const UNIX_TYPE_MASK = 0o170000;
/** Unix file type: symbolic link. */
export const UNIX_SYMLINK = 0o120000;
/** Unix file type: regular file. */
export const UNIX_REGULAR_FILE = 0o100000;
/** Unix file type: directory. */
export const UNIX_DIRECTORY = 0o040000;
/** The DOS date of 1980-01-01, the earliest a ZIP can hold; used for deterministic output. */
export const FIXED_DOS_DATE = (1 << 5) | 1;
