/** Spec part 5: at least 6 characters, 1 uppercase, 1 number, 1 special character. */
export const PASSWORD_MIN_LENGTH = 6;

export type PasswordProblem = 'PASSWORD_MIN' | 'PASSWORD_UPPERCASE' | 'PASSWORD_NUMBER' | 'PASSWORD_SPECIAL' | 'PASSWORD_COMMON';

// Lower-cased; compared after stripping the rule-satisfying decorations people add ("Password1!" → "password").
const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'abc123',
  'admin',
  'administrator',
  'welcome',
  'letmein',
  'iloveyou',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'master',
  'superman',
  'batman',
  'trustno1',
  'login',
  'starwars',
  'indonesia',
  'jakarta',
  'bismillah',
  'sayang',
  'rahasia',
  'katasandi',
  'tokoku',
  'admin123',
  'test',
  'testing',
  'changeme',
  'secret',
  'p@ssword',
  'p@ssw0rd',
  'qwerty123',
  'asdfgh',
  'zxcvbn',
  '111111',
  '000000',
  '654321',
  '666666',
  '888888',
  '121212',
  'aaaaaa',
  'abcdef',
  'abcd1234',
  'shopee',
  'tokopedia',
]);

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const core = lower.replace(/[^a-z]+$/u, '').replace(/^[^a-z]+/u, '');
  const unleet = core.replace(/@/gu, 'a').replace(/0/gu, 'o').replace(/1/gu, 'i').replace(/\$/gu, 's');
  return core.length > 0 && (COMMON_PASSWORDS.has(core) || COMMON_PASSWORDS.has(unleet));
}

/** Every rule the password breaks, in the order the form shows them. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('PASSWORD_MIN');
  if (!/\p{Lu}/u.test(password)) problems.push('PASSWORD_UPPERCASE');
  if (!/\p{Nd}/u.test(password)) problems.push('PASSWORD_NUMBER');
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('PASSWORD_SPECIAL');
  if (isCommon(password)) problems.push('PASSWORD_COMMON');
  return problems;
}
