import { ActionIcon, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { SecretBindingItem } from './secret-binding-item.tsx';
import type { RevisionApproval, Secret, SecretBinding } from './use-secrets.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The workspace's secrets: name, bound skills with whether each one's current revision is
 * approved (and a button to approve it), when it last changed, and edit and delete.
 */
export function SecretsTable({
  secrets,
  nameOf,
  approving,
  onApprove,
  onEdit,
  onDelete,
}: {
  secrets: Secret[];
  nameOf: (id: string | null) => string;
  /** The approval being saved, if any. */
  approving: RevisionApproval | undefined;
  onApprove: (approval: RevisionApproval) => void;
  onEdit: (secret: Secret) => void;
  onDelete: (secret: Secret) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={0} w="100%">
      <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" aria-label="Secrets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Skills</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Updated
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {secrets.map((secret) => (
            <Table.Tr key={secret.name}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text component="code" ff="monospace" fz="sm" fw={600}>
                  {secret.name}
                </Text>
              </Table.Td>
              <Table.Td>
                {secret.bindings.length === 0 ? (
                  <Text span inherit c="gray.7">
                    No skill yet
                  </Text>
                ) : (
                  <Stack
                    gap={4}
                    component="ul"
                    aria-label={`Skills of ${secret.name}`}
                    style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  >
                    {secret.bindings.map((binding: SecretBinding) => (
                      <SecretBindingItem
                        key={binding.skill}
                        secret={secret.name}
                        binding={binding}
                        nameOf={nameOf}
                        approving={
                          approving?.name === secret.name && approving.skill === binding.skill
                        }
                        onApprove={(approved) =>
                          onApprove({
                            name: secret.name,
                            skill: approved.skill,
                            digest: approved.current.digest,
                          })
                        }
                      />
                    ))}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                {dateFormat.format(new Date(secret.updatedAt))}
              </Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <Tooltip label="Change its skills or value">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit ${secret.name}`}
                      onClick={() => onEdit(secret)}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${secret.name}`}
                      onClick={() => onDelete(secret)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
