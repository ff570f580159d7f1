/** The minimal shape of a skill the catalog and the ranker need: a manifest subset plus the body. */
export interface CatalogSkill {
  name: string;
  description: string;
  tags?: readonly string[];
  category?: string;
  /** The Markdown body; searched with a low weight when present. */
  body?: string;
  /** Where the model can read the skill (shown as `<location>` in the XML format). */
  location?: string;
  /** How often the skill was used; breaks ranking ties (higher first). */
  usageCount?: number;
}
