/** Email delivery through nodemailer: SMTP when SMTP_URL is set; without it nothing is sent and messages stay in the outbox. */
import type { Transporter } from 'nodemailer';
import type { MailConfig } from '../../config.js';

export type OutgoingMail = { to: string; subject: string; text: string };
export type Mailer = {
  /** False: no SMTP server, messages are kept in the outbox table. */
  readonly smtp: boolean;
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
};

/** Why a delivery failed, and whether trying again may help (an SMTP 5xx answer is final). */
export function deliveryFailure(err: unknown): { message: string; permanent: boolean } {
  const e = err as { message?: string; responseCode?: number; response?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const message = (e.response || e.message || String(err)).slice(0, 500);
  return { message, permanent: code !== null && code >= 500 && code < 600 };
}

export function createMailer(config: MailConfig): Mailer {
  if (!config.smtpUrl) {
    return {
      smtp: false,
      send: async () => {
        throw new Error('No SMTP server is configured.');
      },
      close: () => {},
    };
  }
  const smtpUrl = config.smtpUrl;
  // Loaded on the first message: a start without mail to send does not load nodemailer.
  let transport: Promise<Transporter> | undefined;
  return {
    smtp: true,
    async send(mail) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      const info = await (
        await transport
      ).sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text });
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => void transport?.then((t) => t.close()),
  };
}
