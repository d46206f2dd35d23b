import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobQueue } from '#server/features/jobs/queue.ts';
import { makePrivateDir, writePrivateFile } from './private-fs.ts';

const ZOutgoingMail = z.object({ to: z.string(), subject: z.string(), text: z.string() });
export type OutgoingMail = z.infer<typeof ZOutgoingMail>;

export const MAIL_JOB = 'mail.send';
/** With the default backoff (5 s doubling) the last try is about ten minutes after the first. */
const MAIL_ATTEMPTS = 8;

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

/**
 * The mailer features use: a mail is a job on the database queue, sent by whichever instance
 * claims it and retried with backoff, so a slow or failing SMTP server neither delays nor fails
 * the request that asked for it. The text (with its sign-in or reset link) is erased from the
 * job once sent or given up; a mail that could not be sent at all is logged as an error.
 */
export function createQueuedMailer(
  queue: JobQueue,
  transport: Mailer,
  log: FastifyBaseLogger,
): Mailer {
  queue.registerHandler(MAIL_JOB, (payload) => transport.send(ZOutgoingMail.parse(payload)), {
    erasePayloadWhenSettled: true,
    onGiveUp: async (payload, job, { error }) => {
      const mail = ZOutgoingMail.safeParse(payload);
      log.error(
        { jobId: job.id, to: mail.data?.to, subject: mail.data?.subject, err: error },
        'mail could not be sent',
      );
    },
  });
  return {
    async send(mail) {
      await queue.enqueue(MAIL_JOB, mail, { maxAttempts: MAIL_ATTEMPTS });
    },
  };
}
