import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { AppJobHandler, JobName } from '#server/jobs/registry.ts';
import { makePrivateDir, writePrivateFile } from './private-fs.ts';

export const ZOutgoingMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /**
   * Who the mail is really from (an exhibitor's company and person): shown as the display
   * name of MAIL_FROM's address, which stays ours. Unset: MAIL_FROM as it is.
   */
  senderName: z.string().optional(),
  /** Where answers go (the owner's verified address). */
  replyTo: z.string().optional(),
});
export type OutgoingMail = z.infer<typeof ZOutgoingMail>;

export const MAIL_JOB = 'mail.send' satisfies JobName;
/** With the default backoff (5 s doubling) the last try is about ten minutes after the first. */
const MAIL_ATTEMPTS = 8;

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** A bare address: nothing that could end or extend the header it is written into. */
const PLAIN_ADDRESS = /^[^\s<>,;:"()\\]+@[^\s<>,;:"()\\]+$/u;

/** Longest display name put in a From header. */
const SENDER_NAME_MAX = 120;

/**
 * A display name fit for an address header: control, line-break and invisible format
 * characters (CR/LF, bidi overrides) become spaces, runs of spaces one, at most
 * SENDER_NAME_MAX characters. Quoting and encoding are left to nodemailer's address objects.
 */
export function headerSafeName(value: string): string {
  const flat = value.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ').trim();
  return Array.from(flat).slice(0, SENDER_NAME_MAX).join('').trim();
}

/** "Company – Person", either alone, or undefined when neither is known. */
export function senderDisplayName(
  company: string | null | undefined,
  person: string | null | undefined,
): string | undefined {
  const parts = [company, person].map((part) => headerSafeName(part ?? '')).filter(Boolean);
  return parts.length > 0 ? [...new Set(parts)].join(' – ') : undefined;
}

/** The links of a mail that carry a token (verification, sign-in, reset): what a reader opens. */
export function outboxLinks(text: string): string[] {
  return (text.match(/https?:\/\/\S+/g) ?? []).filter((link) => {
    try {
      return new URL(link).searchParams.has('token');
    } catch {
      return false;
    }
  });
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
  const fromAddress = addressparser(from, { flatten: true })[0]?.address || from;
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(mail) {
      const senderName = mail.senderName ? headerSafeName(mail.senderName) : '';
      const info = await transport.sendMail({
        // Address objects: nodemailer quotes and encodes the name, nothing is concatenated.
        from: senderName ? { name: senderName, address: fromAddress } : from,
        ...(mail.replyTo && PLAIN_ADDRESS.test(mail.replyTo)
          ? { replyTo: { name: '', address: mail.replyTo } }
          : {}),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        textEncoding: 'quoted-printable',
      });
      if (smtpUrl) {
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      // The outbox holds sign-in and reset tokens: private folder, private files.
      await makePrivateDir(outboxDir);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writePrivateFile(file, info.message as Buffer);
      // Nobody receives it: each verification, sign-in or reset link is a line of its own, to be
      // opened from the terminal (the file itself is then only worth a debug line).
      const links = outboxLinks(mail.text);
      const record = { to: mail.to, subject: mail.subject, file };
      if (links.length > 0) log.debug(record, 'mail written to outbox');
      else log.info(record, 'mail written to outbox');
      for (const link of links) log.info(`Mail to ${mail.to} — open: ${link}`);
    },
  };
}

/**
 * The mailer features use: a mail is a job on the database queue, sent by whichever instance
 * claims it and retried with backoff, so a slow or failing SMTP server neither delays nor fails
 * the request that asked for it. The text (with its sign-in or reset link) is erased from the
 * job once sent or given up (the registry says so); the job's handler is mailJob.
 */
export function createQueuedMailer(queue: JobQueue): Mailer {
  return {
    async send(mail) {
      await queue.enqueue(MAIL_JOB, mail, { maxAttempts: MAIL_ATTEMPTS });
    },
  };
}

/** Sends a queued mail through the transport; a mail that could not be sent is logged as an error. */
export function mailJob(transport: Mailer, log: FastifyBaseLogger): AppJobHandler<typeof MAIL_JOB> {
  return {
    run: (mail) => transport.send(mail),
    async onGiveUp(mail, job, { error }) {
      log.error(
        { jobId: job.id, to: mail.to, subject: mail.subject, err: error },
        'mail could not be sent',
      );
    },
  };
}
