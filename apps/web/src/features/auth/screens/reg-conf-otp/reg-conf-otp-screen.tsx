import { VerificationForm } from '../../components/verification-form.tsx';

/** /auth/reg-conf/otp: the SMS code after a phone sign-up. */
export function RegConfOtpScreen() {
  return <VerificationForm kind="phone" />;
}
