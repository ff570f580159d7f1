const marker = Symbol.for('skillset.error');

/** Options for {@link SkillsetError}. */
export interface SkillsetErrorOptions {
  code: string;
  message: string;
  cause?: unknown;
  details?: Record<string, unknown>;
}

/** The base class of every operational failure Skillset throws. */
export class SkillsetError extends Error {
  readonly [marker] = true;
  readonly code: string;
  readonly details: Record<string, unknown>;

  constructor({ code, message, cause, details = {} }: SkillsetErrorOptions) {
    super(message, { cause });
    this.name = 'SkillsetError';
    this.code = code;
    this.details = details;
  }

  /** True for any SkillsetError, even one created by another copy of this package. */
  static isInstance(error: unknown): error is SkillsetError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
