import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { SkillFilters } from './skill-filters.ts';
import { SKILL_SCOPES } from './skill-scopes.ts';

type BooleanKey = 'enabled' | 'eligible' | 'userInvocable' | 'modelInvocable';

const BOOLEAN_FILTERS: ReadonlyArray<{ key: BooleanKey; label: string; yes: string; no: string }> =
  [
    { key: 'enabled', label: 'Enabled', yes: 'On', no: 'Off' },
    { key: 'eligible', label: 'Eligible', yes: 'Runs here', no: 'Missing requirements' },
    { key: 'userInvocable', label: 'People can invoke', yes: 'Yes', no: 'No' },
    { key: 'modelInvocable', label: 'Model can invoke', yes: 'Yes', no: 'No' },
  ];

const SCOPE_OPTIONS = [{ value: '', label: 'All scopes' }, ...SKILL_SCOPES];

const SOURCE_OPTIONS = [
  { value: '', label: 'Any source' },
  { value: 'builtin', label: 'Built-in' },
  { value: 'api', label: 'API or editor' },
  { value: 'upload', label: 'Upload' },
];

/** The library's filters (everything but the search field); each change goes back to page 1. */
export function SkillFilterControls({
  filters,
  tag,
  category,
  onChange,
  onTagChange,
  onCategoryChange,
}: {
  filters: SkillFilters;
  tag: string;
  category: string;
  onChange: (changes: Partial<SkillFilters>) => void;
  onTagChange: (value: string) => void;
  onCategoryChange: (value: string) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
      <Select
        label="Scope"
        data={SCOPE_OPTIONS}
        value={filters.scope ?? ''}
        onChange={(value) =>
          onChange({ scope: value ? (value as SkillFilters['scope']) : undefined })
        }
        allowDeselect={false}
      />
      <Select
        label="Source"
        data={SOURCE_OPTIONS}
        value={filters.source ?? ''}
        onChange={(value) => onChange({ source: value || undefined })}
        allowDeselect={false}
      />
      {BOOLEAN_FILTERS.map(({ key, label, yes, no }) => (
        <Select
          key={key}
          label={label}
          data={[
            { value: '', label: 'Any' },
            { value: 'true', label: yes },
            { value: 'false', label: no },
          ]}
          value={filters[key] === undefined ? '' : String(filters[key])}
          onChange={(value) => onChange({ [key]: value ? value === 'true' : undefined })}
          allowDeselect={false}
        />
      ))}
      <TextInput
        label="Tag"
        placeholder="e.g. docs"
        value={tag}
        onChange={(event) => onTagChange(event.currentTarget.value)}
      />
      <TextInput
        label="Category"
        placeholder="e.g. meta"
        value={category}
        onChange={(event) => onCategoryChange(event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
