import { VerificationForm } from '../../components/verification-form.tsx';

/** /auth/reg-conf/email: the code sent to the e-mail address after an e-mail sign-up. */
export function RegConfEmailScreen() {
  return <VerificationForm kind="email" />;
}
