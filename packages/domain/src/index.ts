export { PASSWORD_MIN_LENGTH, passwordProblems, type PasswordProblem } from './password.ts';
export { isEmail, normalizePhone, parseIdentifier, type Identifier, type RegisterType } from './identifier.ts';
