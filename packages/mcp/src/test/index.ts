// `@skillset/mcp/test`: internals the project's own tests reach; not part of the library.
export { createSkillsMcpServer } from '../create-skills-mcp-server.ts';
export { MODERN_PROTOCOL_VERSION } from '../protocol-versions.ts';
export { parseSkillResourceUri } from '../skill-resource-uri.ts';
export { SKILL_SIGNATURE_META_KEY } from '../skill-signature-meta-key.ts';
export { describeSkillEntry } from '../skills-extension/describe-skill-entry.ts';
export { digestMcpSkillManifest } from '../source/index.ts';
