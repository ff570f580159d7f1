import { Kbd, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';

/** The library's search box; `/` anywhere outside a field focuses it, as on GitHub. */
export function SkillSearchInput({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => input.current?.focus()]]);
  return (
    <TextInput
      ref={input}
      label="Search skills"
      placeholder="Name, description, tag…"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={value === '' ? <Kbd size="xs">/</Kbd> : null}
      rightSectionPointerEvents="none"
      aria-keyshortcuts="/"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      type="search"
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
