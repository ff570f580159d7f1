import { TagsInput } from '@mantine/core';

/** The skills a secret is bound to: names typed or picked from the workspace's skills. */
export function SkillsInput({
  value,
  onChange,
  suggestions,
  description = 'Only scripts of these skills get the value. Press Enter after each.',
}: {
  value: string[];
  onChange: (skills: string[]) => void;
  suggestions: string[];
  description?: string;
}) {
  return (
    <TagsInput
      label="Skills"
      description={description}
      placeholder={value.length === 0 ? 'Add a skill name' : undefined}
      data={suggestions}
      value={value}
      onChange={(skills) => onChange(skills.map((skill) => skill.trim().toLowerCase()))}
      limit={20}
      maxDropdownHeight={240}
      acceptValueOnBlur
      clearable
      clearButtonProps={{ 'aria-label': 'Remove every skill' }}
    />
  );
}
