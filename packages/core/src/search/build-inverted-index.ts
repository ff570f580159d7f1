import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { countSearchTerms } from './tokenize-text.ts';

/** The searchable fields of a skill. */
export type SkillField = 'name' | 'description' | 'tags' | 'body';

/** Per-field BM25F settings: how much a match counts and how much length normalisation applies. */
export interface FieldSettings {
  weight: number;
  lengthNormalization: number;
}

/** Settings of the BM25F index. */
export interface InvertedIndexSettings {
  fields: Record<SkillField, FieldSettings>;
  /** BM25 term-frequency saturation. */
  saturation: number;
  /** Body characters indexed per skill (long bodies are cut). */
  maximumBodyLength: number;
}

/** Precomputed BM25F impacts: for each term, the documents it occurs in and their score. */
export interface InvertedIndex {
  documentCount: number;
  postings: Map<string, { documents: Int32Array; impacts: Float32Array }>;
  /** Per document, the distinct terms of its name, description and tags with their counts. */
  summaryTerms: Array<Map<string, number>>;
  /** How many documents contain each term in any field. */
  documentFrequency: Map<string, number>;
}

const fieldNames: readonly SkillField[] = ['name', 'description', 'tags', 'body'];

function fieldText(skill: CatalogSkill, field: SkillField, maximumBodyLength: number): string {
  switch (field) {
    case 'name':
      return skill.name.replace(/[-_.]+/g, ' ');
    case 'description':
      return skill.description;
    case 'tags':
      return [...(skill.tags ?? []), skill.category ?? ''].join(' ');
    case 'body':
      return (skill.body ?? '').slice(0, maximumBodyLength);
  }
}

/** One skill's terms as the index counts them: per field (name, description, tags, body), each term's count and the field's length in terms. */
export interface SkillAnalysis {
  counts: [Map<string, number>, Map<string, number>, Map<string, number>, Map<string, number>];
  lengths: [number, number, number, number];
}

/** Tokenizes a skill's fields for the index (the costly part of indexing; cache it by content). */
export function analyzeSkill(skill: CatalogSkill, maximumBodyLength: number): SkillAnalysis {
  const counts = [] as unknown as SkillAnalysis['counts'];
  const lengths = [] as unknown as SkillAnalysis['lengths'];
  for (const field of fieldNames) {
    const terms = countSearchTerms(fieldText(skill, field, maximumBodyLength));
    counts.push(terms.counts);
    lengths.push(terms.length);
  }
  return { counts, lengths };
}

/**
 * Builds a BM25F index with impacts precomputed per (term, document), so a query only adds numbers.
 * `analyses[i]`, when given, stands for `analyzeSkill(skills[i], settings.maximumBodyLength)`.
 */
export function buildInvertedIndex(
  skills: readonly CatalogSkill[],
  settings: InvertedIndexSettings,
  analyses: readonly (SkillAnalysis | undefined)[] = [],
): InvertedIndex {
  const documentCount = skills.length;
  const fieldCounts = fieldNames.map(() => new Array<Map<string, number>>(documentCount));
  const fieldLengths = fieldNames.map(() => new Float64Array(documentCount));
  const summaryTerms = new Array<Map<string, number>>(documentCount);
  skills.forEach((skill, document) => {
    const analysis = analyses[document] ?? analyzeSkill(skill, settings.maximumBodyLength);
    const summary = new Map<string, number>();
    fieldNames.forEach((field, fieldIndex) => {
      const counts = analysis.counts[fieldIndex] as Map<string, number>;
      (fieldCounts[fieldIndex] as Array<Map<string, number>>)[document] = counts;
      (fieldLengths[fieldIndex] as Float64Array)[document] = analysis.lengths[fieldIndex] as number;
      if (field !== 'body') {
        for (const [term, count] of counts) summary.set(term, (summary.get(term) ?? 0) + count);
      }
    });
    summaryTerms[document] = summary;
  });
  const averageLengths = fieldLengths.map((lengths) => {
    let total = 0;
    for (const length of lengths) total += length;
    return documentCount > 0 ? Math.max(total / documentCount, 1) : 1;
  });

  // Pseudo term frequency per (term, document), summed over fields with BM25F normalisation.
  // Documents are visited in order, so a term's list only ever grows at its end: plain arrays,
  // not a map per term (that cost most of the index's build time and garbage at 10,000 skills).
  const pseudoFrequencies = new Map<string, { documents: number[]; frequencies: number[] }>();
  for (let document = 0; document < documentCount; document++) {
    fieldNames.forEach((field, fieldIndex) => {
      const { weight, lengthNormalization } = settings.fields[field];
      if (weight <= 0) return;
      const length = (fieldLengths[fieldIndex] as Float64Array)[document] ?? 0;
      const average = averageLengths[fieldIndex] ?? 1;
      const normalizer = 1 - lengthNormalization + (lengthNormalization * length) / average;
      const counts = (fieldCounts[fieldIndex] as Array<Map<string, number>>)[document];
      for (const [term, count] of counts ?? []) {
        let perDocument = pseudoFrequencies.get(term);
        if (perDocument === undefined) {
          perDocument = { documents: [], frequencies: [] };
          pseudoFrequencies.set(term, perDocument);
        }
        const last = perDocument.documents.length - 1;
        const frequency = (weight * count) / normalizer;
        if (last >= 0 && perDocument.documents[last] === document) {
          perDocument.frequencies[last] = (perDocument.frequencies[last] as number) + frequency;
        } else {
          perDocument.documents.push(document);
          perDocument.frequencies.push(0 + frequency);
        }
      }
    });
  }

  const postings: InvertedIndex['postings'] = new Map();
  const documentFrequency = new Map<string, number>();
  const saturation = settings.saturation;
  for (const [term, perDocument] of pseudoFrequencies) {
    const frequency = perDocument.documents.length;
    documentFrequency.set(term, frequency);
    const inverseFrequency = Math.log(1 + (documentCount - frequency + 0.5) / (frequency + 0.5));
    const documents = Int32Array.from(perDocument.documents);
    const impacts = new Float32Array(frequency);
    for (let offset = 0; offset < frequency; offset++) {
      const pseudoFrequency = perDocument.frequencies[offset] as number;
      impacts[offset] =
        (inverseFrequency * pseudoFrequency * (saturation + 1)) / (pseudoFrequency + saturation);
    }
    postings.set(term, { documents, impacts });
  }
  return { documentCount, postings, summaryTerms, documentFrequency };
}
