import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';

/*
 * Reads the file outbox (DATA_DIR/mail) written when no SMTP_URL is set, with `mailparser`
 * (MIME, encoded words, transfer encodings). Used by the integration and end-to-end tests and
 * the Lighthouse script to follow the links a user would click; never by the server.
 */

export interface StoredMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The sender's display name and address, as a mail client shows them. */
  from: { name: string; address: string };
  /** Reply-To's addresses, comma-separated ('' when there is none). */
  replyTo: string;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((entry) => entry.text).join(', ');
}

export async function parseEml(raw: Buffer | string, file = ''): Promise<StoredMail> {
  const mail = await simpleParser(raw);
  const sender = mail.from?.value[0];
  return {
    file,
    to: addresses(mail.to),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    from: { name: sender?.name ?? '', address: sender?.address ?? '' },
    replyTo: (mail.replyTo?.value ?? []).map((entry) => entry.address ?? '').join(', '),
  };
}

/** Every mail in the outbox, oldest first. */
export async function readOutbox(outboxDir: string): Promise<StoredMail[]> {
  const names = await fs.readdir(outboxDir).catch(() => [] as string[]);
  return Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map(async (name) => {
        const file = path.join(outboxDir, name);
        return parseEml(await fs.readFile(file), file);
      }),
  );
}

/** The newest mail to an address, or undefined. */
export async function latestMailTo(outboxDir: string, to: string): Promise<StoredMail | undefined> {
  const mails = await readOutbox(outboxDir);
  return mails.filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase())).at(-1);
}

export function firstLink(mail: StoredMail): string | undefined {
  return mail.text.match(/https?:\/\/\S+/)?.[0];
}
