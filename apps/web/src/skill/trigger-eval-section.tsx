import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconSparkles } from '@tabler/icons-react';
import { ApiError } from '../api/api-error.ts';
import { EmptyState, ErrorState, LoadingState } from '../app/states.tsx';
import { type SkillKey, useSkillEval } from './skill-queries.ts';
import { TriggerEvalResult } from './trigger-eval-result.tsx';
import { useRunSkillEval } from './use-run-skill-eval.ts';

function failureTitle(error: Error): string {
  if (error instanceof ApiError && error.code === 'model_not_configured') {
    return 'No chat model is configured';
  }
  return 'The eval did not run';
}

/**
 * The skill's trigger eval: the last result in the workspace, and for people who may edit the
 * skill, buttons to run it offline or with the server's chat model.
 */
export function TriggerEvalSection({
  skill,
  current,
  canRun,
}: {
  skill: SkillKey;
  current: number;
  canRun: boolean;
}) {
  const lastEval = useSkillEval(skill);
  const run = useRunSkillEval(skill);
  const running = run.isPending ? run.variables.withModel : undefined;

  let content: React.ReactNode;
  if (lastEval.isPending) content = <LoadingState label="Loading the last eval…" />;
  else if (lastEval.isError)
    content = <ErrorState error={lastEval.error} onRetry={() => lastEval.refetch()} />;
  else if (lastEval.data.lastEval === null)
    content = (
      <EmptyState title="No eval has run yet">
        Put <Code>evals/triggers.json</Code> in the skill: a JSON array of{' '}
        <Code>{'{"query", "should_trigger"}'}</Code> objects, the requests that should and should
        not load it. Then run the eval here, or with <Code>skillset eval</Code> from the command
        line.
      </EmptyState>
    );
  else content = <TriggerEvalResult result={lastEval.data.lastEval} current={current} />;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="trigger-eval-heading">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id="trigger-eval-heading">
              Trigger eval
            </Title>
            <Text size="sm" c="gray.7">
              Whether requests that should load this skill find it, and others do not.
            </Text>
            <Text size="sm" fw={500} role="status">
              {running === undefined
                ? null
                : running
                  ? 'Asking the model about each query; this can take a minute…'
                  : 'Running the eval…'}
            </Text>
          </Stack>
          {canRun ? (
            <Group gap="xs">
              <Button
                size="sm"
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                loading={running === false}
                disabled={running === true}
                onClick={() => run.mutate({ withModel: false })}
              >
                Run eval
              </Button>
              <Button
                size="sm"
                variant="default"
                leftSection={<IconSparkles size={16} aria-hidden />}
                loading={running === true}
                disabled={running === false}
                onClick={() => run.mutate({ withModel: true })}
              >
                Run with model
              </Button>
            </Group>
          ) : null}
        </Group>
        {run.isError ? <ErrorState error={run.error} title={failureTitle(run.error)} /> : null}
        {content}
      </Stack>
    </Paper>
  );
}
