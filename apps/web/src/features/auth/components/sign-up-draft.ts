/**
 * What the sign-up form sent, kept in memory only (never in storage, it holds the password) so the
 * phone confirmation page can sign up again with a corrected number without asking for everything again.
 */
export type SignUpDraft = { name: string; business_name: string; password: string };

let draft: SignUpDraft | null = null;

export function rememberSignUpDraft(value: SignUpDraft): void {
  draft = value;
}

export function signUpDraft(): SignUpDraft | null {
  return draft;
}

export function forgetSignUpDraft(): void {
  draft = null;
}
