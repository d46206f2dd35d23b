import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { makePrivateDir, writePrivateFile } from './private-fs.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in
 * DATA_DIR/mail/ and its links are logged, so a developer can click them.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, outboxDir, log } = options;
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        textEncoding: 'quoted-printable',
      });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      if (smtpUrl) {
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      // The outbox holds sign-in and reset tokens: private folder, private files.
      await makePrivateDir(outboxDir);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writePrivateFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to outbox');
    },
  };
}
