import { Box, type ComboboxProps, Group, TagsInput, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { rankSkillNames } from './rank-skill-names.ts';
import { unknownSkillsWarning } from './unknown-skills-warning.ts';

const LIST_HEIGHT = 240;

// With `floatingHeight="viewport"` (no flipping) the list opens upward, never down over the form's
// buttons, and is no taller than LIST_HEIGHT nor than the room above the field.
const OPEN_ABOVE: ComboboxProps['middlewares'] = {
  shift: true,
  size: {
    apply: ({ availableHeight, elements }) => {
      const height = Math.min(availableHeight, LIST_HEIGHT);
      elements.floating.style.setProperty('--combobox-floating-max-height', `${height}px`);
    },
  },
};

/**
 * The skills a secret is bound to: names picked from the workspace's skills (`suggestions`,
 * `undefined` while they load), or typed for a skill that does not exist yet, with a warning.
 */
export function SkillsInput({
  value,
  onChange,
  suggestions,
  description = 'Only scripts of these skills get the value. Press Enter after each.',
}: {
  value: string[];
  onChange: (skills: string[]) => void;
  suggestions: string[] | undefined;
  description?: string;
}) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // Mantine highlights the first suggestion without telling assistive technology; this does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the highlight moves when these change
  useEffect(() => {
    const input = field.current;
    if (input === null) return;
    const listId = input.getAttribute('aria-controls');
    const listbox = listId === null ? null : document.getElementById(listId);
    const option = listbox?.querySelector('[data-combobox-selected]');
    if (option?.id) input.setAttribute('aria-activedescendant', option.id);
    else input.removeAttribute('aria-activedescendant');
  }, [search, opened, value]);
  const warning = suggestions === undefined ? undefined : unknownSkillsWarning(value, suggestions);
  return (
    <Box>
      <TagsInput
        label="Skills"
        description={description}
        placeholder={value.length === 0 ? 'Add a skill name' : undefined}
        data={suggestions ?? []}
        value={value}
        onChange={(skills) => onChange(skills.map((skill) => skill.trim().toLowerCase()))}
        ref={field}
        searchValue={search}
        onSearchChange={(typed) => {
          setSearch(typed);
          // Typing after Escape closed the list opens it again.
          if (typed !== '') setOpened(true);
        }}
        dropdownOpened={opened}
        onDropdownOpen={() => setOpened(true)}
        onDropdownClose={() => setOpened(false)}
        filter={rankSkillNames}
        limit={20}
        // Only while typing: with nothing typed, Enter submits the form instead of adding a skill.
        selectFirstOptionOnChange={search.trim() !== ''}
        floatingHeight="viewport"
        comboboxProps={{ position: 'top', middlewares: OPEN_ABOVE }}
        acceptValueOnBlur
        clearable
        // Mantine hides the clear button from assistive technology, which leaves its name unused.
        clearButtonProps={{ 'aria-label': 'Remove every skill', 'aria-hidden': false }}
      />
      <Box role="status">
        {warning === undefined ? null : (
          <Group gap={6} wrap="nowrap" align="flex-start" mt={6}>
            <IconAlertTriangle
              size={16}
              aria-hidden
              color="var(--mantine-color-orange-7)"
              style={{ flexShrink: 0 }}
            />
            <Text size="xs">{warning}</Text>
          </Group>
        )}
      </Box>
    </Box>
  );
}
