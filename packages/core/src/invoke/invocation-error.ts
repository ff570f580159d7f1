/** The stable snake_case codes of invocation, binding and activation errors. */
export type InvocationErrorCode =
  | 'unterminated_quote'
  | 'unknown_option'
  | 'missing_argument'
  | 'invalid_argument_type'
  | 'invalid_enum_value'
  | 'too_many_arguments'
  | 'unknown_reference'
  | 'reference_cycle'
  | 'invalid_skill';

/** One problem with the arguments of an invocation, naming the argument when there is one. */
export interface InvocationIssue {
  code: InvocationErrorCode;
  message: string;
  argument?: string;
}

/** Why an invocation could not be bound or activated: the first issue's code, every issue and a message for the user. */
export interface InvocationError {
  code: InvocationErrorCode;
  /** Every issue's message, one a line, then the usage line when there is one. */
  message: string;
  issues: InvocationIssue[];
  /** The usage line built from the skill's declared arguments or `argument-hint`. */
  usage?: string;
  /** The skill whose arguments or references failed. */
  skill?: string;
  /** For reference errors, the chain of names from the activated skill to the failing reference. */
  referencePath?: string[];
}

/** Options for {@link createInvocationError}. */
export interface CreateInvocationErrorOptions {
  issues: [InvocationIssue, ...InvocationIssue[]];
  usage?: string;
  skill?: string;
}

/** Builds an {@link InvocationError} from one or more issues, appending the usage line to the message. */
export function createInvocationError(options: CreateInvocationErrorOptions): InvocationError {
  const { issues, usage, skill } = options;
  const lines = issues.map((issue) => issue.message);
  if (usage !== undefined) lines.push(usage);
  return {
    code: issues[0].code,
    message: lines.join('\n'),
    issues,
    ...(usage === undefined ? {} : { usage }),
    ...(skill === undefined ? {} : { skill }),
  };
}
