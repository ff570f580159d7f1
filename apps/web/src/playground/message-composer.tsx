import { Box, Button, Group, Text, Textarea } from '@mantine/core';
import { IconPlayerStop, IconSend } from '@tabler/icons-react';
import {
  type KeyboardEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  applyCommand,
  type CommandOption,
  type CommandQuery,
  filterCommands,
  findCommandQuery,
} from './command-completion.ts';
import classes from './message-composer.module.css';
import { describeUnavailable, type UnavailableSkill } from './unavailable-skills.ts';

interface MessageComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  busy: boolean;
  commands: readonly CommandOption[];
  /** Skills of the workspace that are not commands here, named when a typed name matches them. */
  unavailable: readonly UnavailableSkill[];
  /** Who the commands are for: an agent's name, or "you". */
  principal: string;
  /** Shown under the message box, above Send (the invoked skill's arguments). */
  children?: ReactNode;
}

/**
 * The message box: Enter sends, Shift+Enter adds a line, and `/` or `$` at the start opens a
 * list of the skills this agent may invoke (arrows move, Enter or Tab picks, Escape closes).
 */
export function MessageComposer({
  value,
  onChange,
  onSend,
  onStop,
  busy,
  commands,
  unavailable,
  principal,
  children,
}: MessageComposerProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const listboxId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string>();
  const pendingCaret = useRef<number>(undefined);
  const query = findCommandQuery(value, caret);
  const options = query === undefined ? [] : filterCommands(commands, query.query);
  const queryKey = query === undefined ? undefined : `${query.start}:${query.prefix}${query.query}`;
  const open = query !== undefined && options.length > 0 && dismissed !== queryKey;
  const refused =
    query === undefined || query.query === '' ? [] : filterCommands(unavailable, query.query, 3);
  const explained = refused.length > 0 && dismissed !== queryKey;
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  useLayoutEffect(() => {
    if (pendingCaret.current === undefined || textarea.current === null) return;
    textarea.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = undefined;
  });

  useLayoutEffect(() => {
    if (!open) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  });

  const pick = (current: CommandQuery, option: CommandOption) => {
    const next = applyCommand(value, current, option.name);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setActive(0);
    onChange(next.text);
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && query !== undefined) {
      const picked = options[activeIndex];
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + options.length) % options.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && picked) {
        event.preventDefault();
        pick(query, picked);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(queryKey);
        return;
      }
    } else if (explained && event.key === 'Escape') {
      event.preventDefault();
      setDismissed(queryKey);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!busy && value.trim() !== '') onSend();
    }
  };

  return (
    <div className={classes.wrapper}>
      {open || explained ? (
        <div className={classes.popup}>
          {open && query !== undefined ? (
            <div
              id={listboxId}
              role="listbox"
              aria-label="Skills to invoke"
              className={classes.listbox}
            >
              {options.map((option, index) => (
                <div
                  key={option.name}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === activeIndex}
                  className={classes.option}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(query, option);
                  }}
                  onMouseEnter={() => setActive(index)}
                >
                  <span className={classes.name}>
                    {query.prefix}
                    {option.name}
                  </span>
                  {option.argumentHint === undefined ? null : (
                    <span className={classes.hint}>{option.argumentHint}</span>
                  )}
                  <span className={classes.description}>{option.description}</span>
                </div>
              ))}
            </div>
          ) : null}
          {explained ? (
            <ul className={classes.unavailable} aria-label={`Not available to ${principal}`}>
              {refused.map((skill) => (
                <li key={skill.name}>{describeUnavailable(skill, principal)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Textarea
        ref={textarea}
        label="Message"
        description="Enter sends, Shift+Enter adds a line; / or $ at the start invokes a skill."
        placeholder="Ask something, or type / to pick a skill"
        autosize
        minRows={2}
        maxRows={8}
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value);
          setCaret(event.currentTarget.selectionStart);
          setActive(0);
          setDismissed(undefined);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={() => setDismissed(queryKey)}
        onFocus={() => setDismissed(undefined)}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
      />
      {children === undefined ? null : <Box mt="xs">{children}</Box>}
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="xs" c="dimmed" aria-live="polite">
          {open
            ? `${options.length === 1 ? '1 skill' : `${options.length} skills`}; arrows to move, Enter or Tab to pick`
            : query !== undefined && options.length === 0 && refused.length > 0
              ? `No skill matches ${query.prefix}${query.query} that ${principal} may use: ${refused.map((skill) => skill.name).join(', ')} ${refused.length === 1 ? 'is' : 'are'} not available`
              : query !== undefined && options.length === 0 && commands.length > 0
                ? `No skill matches ${query.prefix}${query.query}`
                : ''}
        </Text>
        {busy ? (
          <Button
            variant="default"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            onClick={onStop}
          >
            Stop
          </Button>
        ) : (
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={onSend}
            disabled={value.trim() === ''}
          >
            Send
          </Button>
        )}
      </Group>
    </div>
  );
}
