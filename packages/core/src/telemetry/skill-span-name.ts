/** The spans Skillset starts (tracer `skillset`); activation spans are also counted. */
export type SkillSpanName =
  | 'skillset.catalog'
  | 'skillset.search'
  | 'skillset.activate'
  | 'skillset.tool_call'
  | 'skillset.script_run'
  | 'skillset.fork';
