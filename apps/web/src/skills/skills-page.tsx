import {
  Badge,
  Button,
  Collapse,
  Group,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconPlus, IconUpload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, unwrap } from '../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { usePendingActions } from '../app/undoable-action.tsx';
import { CatalogBudgetBanner } from './catalog-budget-banner.tsx';
import { foldWeakerMatches } from './fold-weaker-matches.ts';
import { LibraryLayoutToggle } from './library-layout-toggle.tsx';
import { librarySortQuery } from './library-view.ts';
import { SkillCardList } from './skill-card-list.tsx';
import { skillDeletionKey } from './skill-deletion-key.ts';
import { SkillFilterControls } from './skill-filter-controls.tsx';
import {
  countActiveFilters,
  readSkillFilters,
  SKILLS_PAGE_SIZE,
  type SkillFilters,
  skillListQuery,
  writeSkillFilters,
} from './skill-filters.ts';
import { SkillSearchInput } from './skill-search-input.tsx';
import { SkillTable } from './skill-table.tsx';
import { useLibraryView } from './use-library-view.ts';
import { WeakerMatchesToggle } from './weaker-matches-toggle.tsx';

const TYPING_DELAY_MS = 200;

/** A text field whose value reaches the URL once typing pauses. */
function useDebouncedText(current: string, commit: (value: string) => void) {
  const [text, setText] = useState(current);
  const [settled] = useDebouncedValue(text, TYPING_DELAY_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: commit only when the settled text changes
  useEffect(() => {
    if (settled !== current) commit(settled);
  }, [settled]);
  return [text, setText] as const;
}

/** The skills library: ranked search, filters, badges, on/off switches and paging. */
export function SkillsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readSkillFilters(params);
  // Read the address bar itself: a handler of an earlier render would otherwise write back
  // filters that a debounced field has changed since (react-router passes its own snapshot).
  const update = (changes: Partial<SkillFilters>) =>
    setParams(
      () =>
        writeSkillFilters({
          ...readSkillFilters(new URLSearchParams(window.location.search)),
          page: 1,
          ...changes,
        }),
      { replace: true },
    );
  const [q, setQ] = useDebouncedText(filters.q, (value) => update({ q: value }));
  const [tag, setTag] = useDebouncedText(filters.tag ?? '', (value) =>
    update({ tag: value.trim() || undefined }),
  );
  const [category, setCategory] = useDebouncedText(filters.category ?? '', (value) =>
    update({ category: value.trim() || undefined }),
  );
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(countActiveFilters(filters) > 0);
  const [view, setView] = useLibraryView();
  const query = { ...skillListQuery(filters), ...librarySortQuery(view, filters.q) };
  const skills = useQuery({
    queryKey: ['skills', query],
    queryFn: ({ signal }) => unwrap(api.GET('/api/skills', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
  const pendingActions = usePendingActions();
  const items = (skills.data?.items ?? []).filter(
    (skill) => !pendingActions.has(skillDeletionKey(skill)),
  );
  const activeFilters = countActiveFilters(filters);
  const pages = Math.max(1, Math.ceil((skills.data?.total ?? 0) / SKILLS_PAGE_SIZE));
  // The weaker matches stay unfolded only for the search they were unfolded for.
  const [unfoldedFor, setUnfoldedFor] = useState<string>();
  const weakerExpanded = unfoldedFor === filters.q;
  const fold = foldWeakerMatches({
    items,
    total: skills.data?.total ?? 0,
    confident: filters.q.trim() === '' ? undefined : skills.data?.confident,
    page: filters.page,
    expanded: weakerExpanded,
  });
  const strongMatches = (skills.data?.total ?? 0) - fold.weaker;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Skills
          </Title>
          <Text c="dimmed" size="sm">
            Every skill you can see in this workspace.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            component={Link}
            to="/skills/upload"
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            Upload
          </Button>
          <Button
            component={Link}
            to="/skills/new"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            New skill
          </Button>
        </Group>
      </Group>
      <CatalogBudgetBanner />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <SkillSearchInput value={q} onChange={setQ} />
            <Button
              variant={filtersOpen ? 'light' : 'default'}
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              rightSection={
                activeFilters > 0 ? (
                  <Badge size="xs" circle>
                    {activeFilters}
                  </Badge>
                ) : null
              }
              onClick={toggleFilters}
              aria-expanded={filtersOpen}
              aria-controls="skill-filters"
            >
              Filters
            </Button>
          </Group>
          <Collapse expanded={filtersOpen} id="skill-filters">
            <Stack gap="xs" pt="xs">
              <SkillFilterControls
                filters={filters}
                tag={tag}
                category={category}
                onChange={update}
                onTagChange={setTag}
                onCategoryChange={setCategory}
              />
              {activeFilters > 0 ? (
                <Group justify="flex-end">
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => {
                      setTag('');
                      setCategory('');
                      setParams(writeSkillFilters({ q: filters.q, page: 1 }), { replace: true });
                    }}
                  >
                    Clear filters
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Collapse>
        </Stack>
      </Paper>

      {skills.isPending ? (
        <LoadingState label="Loading skills…" />
      ) : skills.isError ? (
        <ErrorState
          title="Could not load the skills"
          error={skills.error}
          onRetry={() => skills.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState title="No skills match">
          {filters.q !== '' || activeFilters > 0
            ? 'Try other words, or clear the filters.'
            : 'Create a skill with the API or upload one to see it here.'}
        </EmptyState>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {fold.weaker > 0
                ? strongMatches === 1
                  ? '1 strong match'
                  : `${strongMatches} strong matches`
                : skills.data.total === 1
                  ? '1 skill'
                  : `${skills.data.total.toLocaleString()} skills`}
              {filters.q.trim() === '' ? '' : ', most relevant first'}
            </Text>
            <LibraryLayoutToggle
              layout={view.layout}
              onChange={(layout) => setView({ ...view, layout })}
            />
          </Group>
          {view.layout === 'table' ? (
            <SkillTable
              skills={fold.shown}
              {...(filters.q.trim() === '' ? { sort: view.sort } : {})}
              onSort={(sort) => {
                setView({ ...view, sort });
                update({});
              }}
            />
          ) : (
            <SkillCardList skills={fold.shown} />
          )}
          {fold.weaker > 0 ? (
            <WeakerMatchesToggle
              count={fold.weaker}
              expanded={weakerExpanded}
              onToggle={() => setUnfoldedFor(weakerExpanded ? undefined : filters.q)}
            />
          ) : null}
          {pages > 1 && (fold.weaker === 0 || weakerExpanded) ? (
            <Group justify="center" pt="sm">
              <Pagination
                total={pages}
                value={filters.page}
                onChange={(page) => {
                  setParams(writeSkillFilters({ ...filters, page }));
                  window.scrollTo({ top: 0 });
                }}
                siblings={1}
                boundaries={1}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label': `${control} page`,
                })}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
              />
            </Group>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
