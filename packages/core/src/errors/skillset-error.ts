import type { SkillsetErrorCode } from './skillset-error-code.ts';

const marker = Symbol.for('skillset.error');

/** Options for {@link SkillsetError}. */
export interface SkillsetErrorOptions<Code extends string = SkillsetErrorCode> {
  code: Code;
  message: string;
  cause?: unknown;
  details?: Record<string, unknown>;
}

/**
 * The base class of every operational failure Skillset throws; `Code` is the union of codes the
 * throwing package may use (core's by default), so a misspelt code does not compile.
 */
export class SkillsetError<Code extends string = SkillsetErrorCode> extends Error {
  readonly [marker] = true;
  readonly code: Code;
  readonly details: Record<string, unknown>;

  // NoInfer: the code is checked against `Code`, never widened to whatever literal was passed.
  constructor({ code, message, cause, details = {} }: SkillsetErrorOptions<NoInfer<Code>>) {
    super(message, { cause });
    this.name = 'SkillsetError';
    this.code = code;
    this.details = details;
  }

  /** True for any SkillsetError, even one created by another copy of this package. */
  static isInstance(error: unknown): error is SkillsetError<string> {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
