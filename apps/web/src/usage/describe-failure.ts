const FAILURES: Record<string, string> = {
  missing_argument: 'A required argument was missing',
  invalid_argument_type: 'An argument had the wrong type',
  too_many_arguments: 'Too many arguments',
  unknown_option: 'An option the skill does not declare',
  unterminated_quote: 'An unclosed quote in the arguments',
  unknown_reference: 'The skill refers to a skill that is not there',
  reference_cycle: 'The skill’s references form a cycle',
  invalid_skill: 'The skill does not parse',
  approval_required: 'Waited for an approval nobody gave',
  approval_denied: 'A person refused the approval',
  permission_denied: 'The policy refused it',
  skill_not_found: 'No such skill for this principal',
  unknown_skill: 'No skill by that name',
  invalid_input: 'The model’s call did not fit the tool',
  skill_file_unreadable: 'A file of the skill could not be read',
  internal_error: 'An error inside Skillset',
};

/** A failed attempt's error code in plain words; an unknown code is shown as it is. */
export function describeFailure(outcome: string): string {
  return FAILURES[outcome] ?? outcome.replaceAll('_', ' ');
}
