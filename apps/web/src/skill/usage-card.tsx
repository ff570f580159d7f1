import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client.ts';
import { HowUsesCount } from '../usage/how-uses-count.tsx';
import { dailyUsage } from './daily-usage.ts';

const WIDTH = 300;
const HEIGHT = 80;

/** Uses of the skill per day over the last 30 days, as a bar chart with a one-line summary. */
export function UsageCard({ name }: { name: string }) {
  const usage = useQuery({
    queryKey: ['skill', name, 'usage'],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/usage', { params: { query: { skill: name } }, signal })),
  });
  let content: React.ReactNode;
  if (usage.isPending)
    content = (
      <Text size="sm" c="dimmed">
        Loading usage…
      </Text>
    );
  else if (usage.isError)
    content = (
      <Text size="sm" c="red">
        Usage could not be loaded.
      </Text>
    );
  else {
    const days = dailyUsage(usage.data.counts, usage.data.to);
    const total = days.reduce((sum, day) => sum + day.count, 0);
    const highest = Math.max(1, ...days.map((day) => day.count));
    const barWidth = WIDTH / Math.max(1, days.length);
    const summary = `${total} ${total === 1 ? 'use' : 'uses'} in the last ${days.length} days`;
    content =
      total === 0 ? (
        <HowUsesCount subject={`Nobody used this skill in the last ${days.length} days.`} />
      ) : (
        <figure style={{ margin: 0 }}>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            width="100%"
            height={HEIGHT}
            role="img"
            aria-label={`Uses per day: ${summary}`}
            preserveAspectRatio="none"
          >
            <line
              x1={0}
              y1={HEIGHT - 0.5}
              x2={WIDTH}
              y2={HEIGHT - 0.5}
              stroke="var(--mantine-color-gray-3)"
            />
            {days.map((day, index) => {
              const height =
                day.count === 0 ? 0 : Math.max(2, (day.count / highest) * (HEIGHT - 4));
              return (
                <rect
                  key={day.day}
                  x={index * barWidth + 1}
                  y={HEIGHT - height}
                  width={Math.max(1, barWidth - 2)}
                  height={height}
                  fill="var(--mantine-color-indigo-5)"
                >
                  <title>{`${day.day}: ${day.count}`}</title>
                </rect>
              );
            })}
          </svg>
          <Text component="figcaption" size="sm" c="dimmed" mt={4}>
            {summary}
          </Text>
        </figure>
      );
  }
  return (
    <Paper withBorder p="md">
      <Stack gap={6}>
        <Title order={2} size="h5">
          Usage
        </Title>
        {content}
      </Stack>
    </Paper>
  );
}
