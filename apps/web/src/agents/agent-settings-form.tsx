import {
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { agentPath } from './agent-path.ts';
import { type Agent, type AgentUpdate, useMembers, useUpdateAgent } from './agent-queries.ts';

type AgentRole = NonNullable<Agent['settings']['role']>;

interface Draft {
  name: string;
  description: string;
  skillsEnabled: boolean;
  role: AgentRole;
  includePersonal: boolean;
  actsForUserId: string | null;
  allowlist: string[];
  inheritIntegrations: boolean;
  integrations: string[];
  catalogBudget: number | '';
  blockContentRisks: boolean;
  requireSigned: boolean;
  pinned: string[];
}

function draftOf(agent: Agent): Draft {
  const { settings } = agent;
  return {
    name: agent.name,
    description: agent.description ?? '',
    skillsEnabled: settings.skillsEnabled,
    role: settings.role ?? 'viewer',
    includePersonal: settings.includePersonal,
    actsForUserId: agent.actsForUserId,
    allowlist: settings.allowlist,
    inheritIntegrations: settings.integrations === undefined,
    integrations: settings.integrations ?? [],
    catalogBudget: settings.catalogBudget ?? '',
    blockContentRisks: settings.contentRisks === 'block',
    requireSigned: settings.requireSigned === true,
    pinned: settings.skills,
  };
}

function updateOf(draft: Draft): AgentUpdate {
  return {
    name: draft.name.trim(),
    description: draft.description.trim() === '' ? null : draft.description.trim(),
    actsForUserId: draft.actsForUserId,
    settings: {
      skillsEnabled: draft.skillsEnabled,
      role: draft.role,
      includePersonal: draft.includePersonal,
      allowlist: draft.allowlist,
      integrations: draft.inheritIntegrations ? null : draft.integrations,
      catalogBudget: draft.catalogBudget === '' ? null : draft.catalogBudget,
      contentRisks: draft.blockContentRisks ? 'block' : 'allow',
      requireSigned: draft.requireSigned,
      skills: draft.pinned,
    },
  };
}

/** The agent's name, description and settings, saved together. */
export function AgentSettingsForm({
  agent,
  workspaceId,
  canEdit,
}: {
  agent: Agent;
  workspaceId: string;
  canEdit: boolean;
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(agent));
  const update = useUpdateAgent(agent.id);
  const members = useMembers(workspaceId);
  const set = (changes: Partial<Draft>) => setDraft((previous) => ({ ...previous, ...changes }));
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(agent));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(updateOf(draft), {
      onSuccess: (saved) => {
        notifications.show({ message: `${saved.name} was saved.`, color: 'teal' });
        setDraft(draftOf(saved));
        if (saved.name !== agent.name) navigate(agentPath(saved.name), { replace: true });
      },
    });
  };
  const memberOptions = (members.data ?? []).map((member) => ({
    value: member.userId,
    label: member.email === null ? member.name : `${member.name} (${member.email})`,
  }));
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="agent-settings">
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          <Title order={2} size="h4" id="agent-settings">
            Settings
          </Title>
          <TextInput
            label="Name"
            value={draft.name}
            onChange={(event) => set({ name: event.currentTarget.value })}
            required
            maxLength={100}
          />
          <Textarea
            label="Description"
            value={draft.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
            autosize
            minRows={2}
            maxLength={2000}
          />
          <Switch
            label="Skills on"
            description="Off: the agent sees no skills at all."
            checked={draft.skillsEnabled}
            onChange={(event) => set({ skillsEnabled: event.currentTarget.checked })}
          />
          <Radio.Group
            label="Role"
            description="What it may do with this workspace’s skills; its permission rules and the member it acts for still limit it."
            value={draft.role}
            onChange={(value) => set({ role: value as AgentRole })}
          >
            <Stack gap="xs" mt={6}>
              <Radio value="viewer" label="Viewer" description="Uses skills." />
              <Radio
                value="member"
                label="Member"
                description="May also create and change workspace skills."
              />
            </Stack>
          </Radio.Group>
          <Select
            label="Acts for"
            description="The member whose personal skills it may use."
            placeholder={members.isPending ? 'Loading members…' : 'Nobody'}
            data={memberOptions}
            value={draft.actsForUserId}
            onChange={(value) => set({ actsForUserId: value })}
            clearable
            searchable
            error={members.isError ? members.error.message : undefined}
          />
          <Switch
            label="Include personal skills"
            description="The personal skills of the member it acts for."
            checked={draft.includePersonal}
            onChange={(event) => set({ includePersonal: event.currentTarget.checked })}
          />
          <TagsInput
            label="Allowlist"
            description="Skill names or globs (pdf-*); empty allows every skill. Press Enter after each."
            placeholder="Add a pattern"
            value={draft.allowlist}
            onChange={(allowlist) => set({ allowlist })}
            clearable
          />
          <Switch
            label="Block skills with content risks"
            description="Skills the doctor flags reach this agent in no way; a block in the workspace settings holds anyway."
            checked={draft.blockContentRisks}
            onChange={(event) => set({ blockContentRisks: event.currentTarget.checked })}
          />
          <Switch
            label="Require signed skills"
            description="Only skills signed by one of the workspace’s trusted signers reach this agent; a requirement in the workspace settings holds anyway."
            checked={draft.requireSigned}
            onChange={(event) => set({ requireSigned: event.currentTarget.checked })}
          />
          <Switch
            label="Use the workspace’s integrations"
            checked={draft.inheritIntegrations}
            onChange={(event) => set({ inheritIntegrations: event.currentTarget.checked })}
          />
          {draft.inheritIntegrations ? null : (
            <TagsInput
              label="Integrations"
              description="Only skills of these integrations (and skills without one)."
              placeholder="github"
              value={draft.integrations}
              onChange={(integrations) => set({ integrations })}
              clearable
            />
          )}
          <NumberInput
            label="Catalog budget"
            description="Tokens for the list of skills in the system prompt; empty: 2,000."
            placeholder="2000"
            min={1}
            max={1_000_000}
            allowDecimal={false}
            thousandSeparator=","
            value={draft.catalogBudget}
            onChange={(value) => set({ catalogBudget: typeof value === 'number' ? value : '' })}
          />
          <TagsInput
            label="Pinned skills"
            description="Always listed in the catalog, whatever the budget."
            placeholder="Add a skill name"
            value={draft.pinned}
            onChange={(pinned) => set({ pinned })}
            clearable
          />
          {update.isError ? (
            <div role="alert" style={{ color: 'var(--mantine-color-red-7)', fontSize: 14 }}>
              {update.error.message}
            </div>
          ) : null}
          {canEdit ? (
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                disabled={!dirty || update.isPending}
                onClick={() => setDraft(draftOf(agent))}
              >
                Reset
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!dirty}>
                Save settings
              </Button>
            </Group>
          ) : null}
        </Stack>
      </fieldset>
    </Paper>
  );
}
