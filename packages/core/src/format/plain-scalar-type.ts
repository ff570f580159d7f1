/** What a YAML reader other than Skillset's makes of a plain (unquoted) scalar, when not text. */
export type PlainScalarType = 'number' | 'boolean' | 'null';

const NULL = /^(?:~|null|Null|NULL)$/;
// YAML 1.2 core booleans, plus the YAML 1.1 words PyYAML and others still read as booleans.
const BOOLEAN = /^(?:true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF)$/;
const NUMBER =
  /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

/**
 * The type the YAML core schema (and YAML 1.1 booleans) gives a plain scalar's text, or undefined
 * for text. Skillset reads every scalar as text; this tells when other tools would not.
 */
export function plainScalarType(text: string): PlainScalarType | undefined {
  if (NUMBER.test(text)) return 'number';
  if (BOOLEAN.test(text)) return 'boolean';
  return NULL.test(text) ? 'null' : undefined;
}
