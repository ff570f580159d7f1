import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { renderCatalog } from '../catalog/render-catalog.ts';
import type { DoctorFinding } from './doctor-finding.ts';

/** The character budgets of other agents' skill listings checked when none are given. */
export const DEFAULT_CHARACTER_BUDGETS: readonly number[] = [8000, 16_000];

/** How many of the biggest descriptions are named as the ones to trim. */
export const LARGEST_DESCRIPTIONS = 5;

/** The description length suggested when trimming; shorter descriptions are not named. */
export const TRIMMED_DESCRIPTION_LENGTH = 200;

/** One budget and what the set does under it. */
export interface BudgetReport {
  /** `tokens`: Skillset's own catalog (o200k_base); `characters`: another agent's listing. */
  unit: 'tokens' | 'characters';
  limit: number;
  /** What the whole set needs with every description in full. */
  needed: number;
  /** What the listing uses under the limit. */
  used: number;
  /** Skills listed by name only. */
  withoutDescription: string[];
  /** Skills left out entirely. */
  omitted: string[];
}

/** Options for {@link analyzeBudgets}. */
export interface AnalyzeBudgetsOptions {
  skills: readonly CatalogSkill[];
  /** Skillset's catalog budget in tokens. */
  tokenBudget: number;
  characterBudgets: readonly number[];
}

/** The result of {@link analyzeBudgets}. */
export interface AnalyzeBudgetsResult {
  budgets: BudgetReport[];
  findings: DoctorFinding[];
}

function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function byName(a: CatalogSkill, b: CatalogSkill): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Another agent's listing as docs/decisions/0105 models it: `- name: description` lines in name
 * order; a line that no longer fits keeps the name alone if that fits, else the skill vanishes.
 */
function characterListing(skills: readonly CatalogSkill[], limit: number): BudgetReport {
  let used = 0;
  let needed = 0;
  const withoutDescription: string[] = [];
  const omitted: string[] = [];
  for (const skill of [...skills].sort(byName)) {
    const name = singleLine(skill.name);
    const description = singleLine(skill.description).slice(0, 1024);
    const full = `- ${name}${description === '' ? '' : `: ${description}`}\n`.length;
    const nameOnly = `- ${name}\n`.length;
    needed += full;
    if (used + full <= limit) used += full;
    else if (used + nameOnly <= limit) {
      used += nameOnly;
      if (description !== '') withoutDescription.push(skill.name);
    } else omitted.push(skill.name);
  }
  return { unit: 'characters', limit, needed, used, withoutDescription, omitted };
}

function tokenListing(skills: readonly CatalogSkill[], limit: number): BudgetReport {
  const result = renderCatalog({ skills, budget: limit, mode: 'stable' });
  const listed = new Map(result.entries.map((entry) => [entry.name, entry]));
  const needed = renderCatalog({ skills, budget: Number.MAX_SAFE_INTEGER, mode: 'stable' }).tokens;
  const withoutDescription: string[] = [];
  const omitted: string[] = [];
  for (const skill of [...skills].sort(byName)) {
    const entry = listed.get(singleLine(skill.name));
    if (entry === undefined) omitted.push(skill.name);
    else if (entry.description === undefined && singleLine(skill.description) !== '') {
      withoutDescription.push(skill.name);
    }
  }
  return { unit: 'tokens', limit, needed, used: result.tokens, withoutDescription, omitted };
}

function names(list: readonly string[]): string {
  const shown = list.slice(0, 8).join(', ');
  return list.length > 8 ? `${shown} and ${list.length - 8} more` : shown;
}

/** Measures the set against Skillset's token budget and other agents' character budgets, naming what would be cut and the descriptions to trim. */
export function analyzeBudgets(options: AnalyzeBudgetsOptions): AnalyzeBudgetsResult {
  const { skills } = options;
  const budgets = [
    tokenListing(skills, options.tokenBudget),
    ...options.characterBudgets.map((limit) => characterListing(skills, limit)),
  ];
  const findings: DoctorFinding[] = [];
  for (const budget of budgets) {
    const label =
      budget.unit === 'tokens'
        ? `Skillset's catalog budget of ${budget.limit} tokens`
        : `a ${budget.limit}-character listing`;
    const share = budget.limit === 0 ? 100 : Math.round((budget.needed / budget.limit) * 100);
    // Skillset ranks the catalog per message, so its own budget cutting is information, not a fault.
    const severity = budget.unit === 'tokens' ? 'info' : 'warning';
    findings.push({
      code: 'budget_usage',
      severity: 'info',
      category: 'budget',
      message: `The ${skills.length} skills need ${budget.needed} ${budget.unit} with full descriptions: ${share}% of ${label}.`,
      fix:
        share > 100
          ? 'Trim the biggest descriptions, or remove skills you do not use.'
          : 'Nothing to do.',
    });
    if (budget.withoutDescription.length > 0) {
      findings.push({
        code: 'budget_descriptions_dropped',
        severity,
        category: 'budget',
        message: `Under ${label}, ${budget.withoutDescription.length} skills are listed without their description (a model cannot tell when to use them): ${names(budget.withoutDescription)}.`,
        fix: `Cut ${budget.needed - budget.limit} ${budget.unit} from the descriptions (the largest are listed), or remove skills.`,
        related: budget.withoutDescription,
      });
    }
    if (budget.omitted.length > 0) {
      findings.push({
        code: 'budget_skills_omitted',
        severity,
        category: 'budget',
        message: `Under ${label}, ${budget.omitted.length} skills vanish from the listing: ${names(budget.omitted)}.`,
        fix:
          budget.unit === 'tokens'
            ? 'Skillset still finds them through search_skills and ranks the catalog per message; raise --budget to list them all.'
            : 'Remove or merge skills, or trim descriptions, so that every name fits.',
        related: budget.omitted,
      });
    }
  }
  const over = budgets.some((budget) => budget.needed > budget.limit);
  if (over) {
    const largest = [...skills]
      .map((skill) => ({ name: skill.name, length: singleLine(skill.description).length }))
      .filter((skill) => skill.length > TRIMMED_DESCRIPTION_LENGTH)
      .sort((a, b) => b.length - a.length || (a.name < b.name ? -1 : 1))
      .slice(0, LARGEST_DESCRIPTIONS);
    for (const { name, length } of largest) {
      findings.push({
        code: 'large_description',
        severity: 'info',
        category: 'budget',
        skill: name,
        message: `One of the ${LARGEST_DESCRIPTIONS} longest descriptions (${length} characters) in a set that exceeds a budget.`,
        fix: `Trim it to what the skill does and when to use it (about ${TRIMMED_DESCRIPTION_LENGTH} characters saves ${length - TRIMMED_DESCRIPTION_LENGTH}).`,
      });
    }
  }
  return { budgets, findings };
}
