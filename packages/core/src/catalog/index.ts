export type { CatalogSkill } from './catalog-skill.ts';
export { countTokens } from './count-tokens.ts';
export { escapeXml } from './escape-xml.ts';
export {
  type CatalogEntry,
  type CatalogMode,
  DEFAULT_CATALOG_BUDGET,
  DEFAULT_DESCRIBED_ENTRIES,
  MAXIMUM_CATALOG_DESCRIPTION_LENGTH,
  type RenderCatalogOptions,
  type RenderCatalogResult,
  renderCatalog,
} from './render-catalog.ts';
export type { CatalogFormat } from './render-catalog-entry.ts';
