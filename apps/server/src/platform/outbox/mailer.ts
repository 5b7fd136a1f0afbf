import nodemailer from 'nodemailer';

/** E-mail transport. Without SMTP_URL nothing leaves the machine: messages stay readable in the outbox. */
export type Mailer = {
  enabled: boolean;
  send: (message: { to: string; subject: string; text: string }) => Promise<void>;
};

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) return { enabled: false, send: async () => {} };
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    enabled: true,
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}
