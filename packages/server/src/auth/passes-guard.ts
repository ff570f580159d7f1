import { SkillsetError } from '@skillset/core';

/** Whether a guard lets the caller through: false when it refuses with 403 `forbidden`; other errors propagate. */
export async function passesGuard(guard: () => void | Promise<void>): Promise<boolean> {
  try {
    await guard();
    return true;
  } catch (error) {
    if (error instanceof SkillsetError && error.code === 'forbidden') return false;
    throw error;
  }
}
