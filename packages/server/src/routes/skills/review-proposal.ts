import { z } from '@hono/zod-openapi';
import {
  type CatalogSkill,
  createSkillIndex,
  isTextMimeType,
  parseSkill,
  verifySkillSignature,
} from '@skillset/core';
import {
  checkTriggerQuality,
  type DoctorFinding,
  evaluateTriggersOffline,
  parseTriggerEvalSet,
  scanContentRisks,
  TRIGGER_EVAL_SET_PATH,
} from '@skillset/core/authoring';
import { loadRankerData } from '@skillset/core/node';
import type { SkillAccess, SkillFileContent, Store, StoredSkill } from '@skillset/store';
import { catalogSkillsOf } from '../../runtime/render-prompt.ts';
import type { RuntimeScope } from '../../runtime/skill-runtime.ts';
import { loadWorkspaceTrust } from '../../runtime/workspace-trust.ts';
import { diffVersionFiles, fileDiffSchema } from './diff-version-files.ts';
import { presentSkillSignature, skillSignatureSchema } from './present-skill-signature.ts';

const findingSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  file: z.string().optional(),
  line: z.number().int().optional(),
  message: z.string(),
  fix: z.string().optional(),
});

const evalScoreSchema = z.object({
  recall: z.number().nullable(),
  precision: z.number().nullable(),
});

/** What a reviewer reads before deciding: the change, its findings, signature and eval delta. */
export const proposalReviewSchema = z.object({
  content: z.string().openapi({ description: "The proposed revision's SKILL.md" }),
  publishedContent: z
    .string()
    .nullable()
    .openapi({ description: "The published revision's SKILL.md (null: a new skill)" }),
  files: z.array(z.object({ path: z.string(), size: z.number().int() })),
  diff: z.array(fileDiffSchema),
  findings: z.array(findingSchema),
  signature: skillSignatureSchema,
  eval: z
    .object({
      cases: z.number().int(),
      before: evalScoreSchema.nullable(),
      after: evalScoreSchema,
    })
    .nullable()
    .openapi({
      description: `The offline trigger eval of ${TRIGGER_EVAL_SET_PATH} (the proposal's, else the published one's) against the published and the proposed description; null without an eval set`,
    }),
});

/** The review of a proposal. */
export type ProposalReview = z.infer<typeof proposalReviewSchema>;

const decoder = new TextDecoder();

async function filesOf(
  store: Store,
  access: SkillAccess,
  skill: StoredSkill,
  version: number,
): Promise<Map<string, SkillFileContent>> {
  if (version === 0) return new Map();
  const files = (await store.skills.readFiles({ ...access, id: skill.id, version })) ?? [];
  return new Map(files.map((file) => [file.path, file]));
}

type ReviewFinding = z.infer<typeof findingSchema>;

function presentFinding(finding: DoctorFinding): ReviewFinding {
  return {
    code: finding.code,
    severity: finding.severity,
    ...(finding.file === undefined ? {} : { file: finding.file }),
    ...(finding.line === undefined ? {} : { line: finding.line }),
    message: finding.message,
    fix: finding.fix,
  };
}

/** The doctor's findings on one revision on its own: format, trigger quality, content risks. */
function findingsOf(name: string, files: ReadonlyMap<string, SkillFileContent>): ReviewFinding[] {
  const parsed = parseSkill(decoder.decode(files.get('SKILL.md')?.content ?? new Uint8Array()));
  const texts = [...files.values()]
    .filter((file) => isTextMimeType(file.mime) || file.path === 'SKILL.md')
    .map((file) => ({ path: file.path, text: decoder.decode(file.content) }));
  const description = parsed.manifest?.description ?? '';
  return [
    ...parsed.issues.map((issue) => ({
      code: issue.code,
      severity: issue.severity === 'error' ? ('error' as const) : ('warning' as const),
      file: 'SKILL.md',
      message: issue.message,
    })),
    ...checkTriggerQuality({ name, description, file: 'SKILL.md' }).map(presentFinding),
    ...scanContentRisks({ skill: name, files: texts }).map(presentFinding),
  ];
}

function descriptionOf(files: ReadonlyMap<string, SkillFileContent>): CatalogSkill | undefined {
  const parsed = parseSkill(decoder.decode(files.get('SKILL.md')?.content ?? new Uint8Array()));
  if (parsed.manifest === undefined) return undefined;
  return {
    name: parsed.manifest.name,
    description: parsed.manifest.description,
    ...(parsed.manifest.tags === undefined ? {} : { tags: parsed.manifest.tags }),
    ...(parsed.manifest.category === undefined ? {} : { category: parsed.manifest.category }),
  };
}

/** Recall and precision of the eval set with the skill described as `described` in the reviewer's catalog. */
function scoreWith(
  catalog: readonly CatalogSkill[],
  described: CatalogSkill,
  cases: Parameters<typeof evaluateTriggersOffline>[0]['cases'],
) {
  const wanted = described.name.toLowerCase();
  const skills = [...catalog.filter((each) => each.name.toLowerCase() !== wanted), described];
  const report = evaluateTriggersOffline({
    index: createSkillIndex(skills, loadRankerData()),
    skill: described.name,
    cases,
  });
  return { recall: report.recall, precision: report.precision };
}

/**
 * The offline trigger eval of the skill's eval set (the proposal's, else the published one's)
 * with the published and with the proposed description, in the reviewer's catalog.
 */
async function evalDeltaOf(
  scope: RuntimeScope,
  before: ReadonlyMap<string, SkillFileContent>,
  after: ReadonlyMap<string, SkillFileContent>,
): Promise<ProposalReview['eval']> {
  const evalFile = after.get(TRIGGER_EVAL_SET_PATH) ?? before.get(TRIGGER_EVAL_SET_PATH);
  const proposed = descriptionOf(after);
  if (evalFile === undefined || proposed === undefined) return null;
  const parsed = parseTriggerEvalSet(decoder.decode(evalFile.content), TRIGGER_EVAL_SET_PATH);
  if (!parsed.ok) return null;
  const catalog = await catalogSkillsOf(scope.skills, scope.policy);
  const published = descriptionOf(before);
  return {
    cases: parsed.cases.length,
    before: published === undefined ? null : scoreWith(catalog, published, parsed.cases),
    after: scoreWith(catalog, proposed, parsed.cases),
  };
}

/** The eval delta alone, for the publish check of a workspace that forbids a recall drop. */
export async function proposalEvalDelta(
  options: ReviewProposalOptions,
): Promise<ProposalReview['eval']> {
  const { store, access, skill, version } = options;
  const [after, before] = await Promise.all([
    filesOf(store, access, skill, version),
    filesOf(store, access, skill, skill.currentVersion),
  ]);
  return evalDeltaOf(options.scope, before, after);
}

/** Options for {@link reviewProposal}. */
export interface ReviewProposalOptions {
  store: Store;
  scope: RuntimeScope;
  access: SkillAccess;
  workspaceId: string;
  skill: StoredSkill;
  version: number;
}

/** Builds what a reviewer needs to judge revision `version` against the published one. */
export async function reviewProposal(options: ReviewProposalOptions): Promise<ProposalReview> {
  const { store, access, skill, version } = options;
  const [after, before, trust] = await Promise.all([
    filesOf(store, access, skill, version),
    filesOf(store, access, skill, skill.currentVersion),
    loadWorkspaceTrust(store, options.workspaceId),
  ]);
  const signature = await verifySkillSignature({
    name: skill.name,
    files: [...after.values()].map((file) => ({ path: file.path, bytes: file.content })),
    trust: trust.signers,
  });
  const evalDelta = await evalDeltaOf(options.scope, before, after);
  return {
    content: decoder.decode(after.get('SKILL.md')?.content ?? new Uint8Array()),
    publishedContent:
      skill.currentVersion === 0
        ? null
        : decoder.decode(before.get('SKILL.md')?.content ?? new Uint8Array()),
    files: [...after.values()].map((file) => ({ path: file.path, size: file.size })),
    diff: diffVersionFiles(before, after),
    findings: findingsOf(skill.name, after),
    signature: presentSkillSignature(signature),
    eval: evalDelta,
  };
}
