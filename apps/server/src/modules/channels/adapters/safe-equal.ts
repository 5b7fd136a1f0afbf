import { timingSafeEqual } from 'node:crypto';

/** Constant-time string comparison, so a push signature check does not leak how many characters matched. */
export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
