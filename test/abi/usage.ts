/** The message of the UsageError `f` throws (exit 2); fails the test when it throws nothing, or something else. */
import { expect } from 'vitest';
import { UsageError } from '../../src/base/errors.js';

export function usage(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error('no error');
}
