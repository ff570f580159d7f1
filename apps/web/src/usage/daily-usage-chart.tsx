import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { HowUsesCount } from './how-uses-count.tsx';

const WIDTH = 600;
const HEIGHT = 120;

const dates = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `2025-03-07` as `Mar 7`. */
function formatDay(day: string): string {
  return dates.format(new Date(`${day}T00:00:00Z`));
}

/**
 * Uses per UTC day as a bar chart, drawn like a skill page's usage card; screen readers get a
 * summary as its name and the figures as a table.
 */
export function DailyUsageChart({ days }: { days: ReadonlyArray<{ day: string; uses: number }> }) {
  const total = days.reduce((sum, day) => sum + day.uses, 0);
  const peak = days.reduce((most, day) => Math.max(most, day.uses), 0);
  const barWidth = WIDTH / Math.max(1, days.length);
  const first = days[0];
  const last = days.at(-1);
  const range =
    first === undefined || last === undefined
      ? ''
      : ` from ${formatDay(first.day)} to ${formatDay(last.day)}`;
  const summary = `${total} ${total === 1 ? 'use' : 'uses'} in ${days.length} days${range}, at most ${peak} a day`;
  if (total === 0) return <HowUsesCount subject={`No uses in these ${days.length} days.`} />;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={`Uses per day: ${summary}.`}
        preserveAspectRatio="none"
      >
        <line
          x1={0}
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          stroke="var(--mantine-color-gray-5)"
        />
        {days.map((day, index) => {
          const height =
            day.uses === 0 ? 0 : Math.max(2, (day.uses / Math.max(1, peak)) * (HEIGHT - 4));
          return (
            <rect
              key={day.day}
              x={index * barWidth + Math.min(1, barWidth / 4)}
              y={HEIGHT - height}
              width={Math.max(1, barWidth - Math.min(2, barWidth / 2))}
              height={height}
              fill="var(--mantine-color-indigo-6)"
            >
              <title>{`${formatDay(day.day)}: ${day.uses}`}</title>
            </rect>
          );
        })}
      </svg>
      {first === undefined || last === undefined ? null : (
        <Group justify="space-between" gap="xs" aria-hidden>
          <Text size="xs" c="dimmed">
            {formatDay(first.day)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDay(last.day)}
          </Text>
        </Group>
      )}
      <Text component="figcaption" size="sm" c="dimmed" mt={4}>
        At most {peak} {peak === 1 ? 'use' : 'uses'} a day.
      </Text>
      <VisuallyHidden>
        <Table>
          <caption>Uses per day</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              <Table.Th scope="col">Uses</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.day}>
                <Table.Th scope="row">{formatDay(day.day)}</Table.Th>
                <Table.Td>{day.uses}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
