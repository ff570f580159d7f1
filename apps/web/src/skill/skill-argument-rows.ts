/** One declared argument of a skill, as the arguments table shows it. */
export interface SkillArgumentRow {
  name: string;
  type: string;
  required: boolean;
  /** The default and the allowed values as one line, empty when there are neither. */
  values: string;
  description: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The rows of a manifest's `arguments` list; entries without a name are left out. */
export function skillArgumentRows(manifest: Record<string, unknown>): SkillArgumentRow[] {
  const declared = manifest.arguments;
  if (!Array.isArray(declared)) return [];
  return declared.filter(isRecord).flatMap((argument) => {
    if (typeof argument.name !== 'string' || argument.name === '') return [];
    const allowed = Array.isArray(argument.enum) ? argument.enum.filter(isScalar) : [];
    const values = [
      isScalar(argument.default) ? `default ${String(argument.default)}` : '',
      allowed.length > 0 ? `one of ${allowed.join(', ')}` : '',
    ].filter((part) => part !== '');
    return [
      {
        name: argument.name,
        type: typeof argument.type === 'string' ? argument.type : 'string',
        required: argument.required === true,
        values: values.join('; '),
        description: typeof argument.description === 'string' ? argument.description : '',
      },
    ];
  });
}
