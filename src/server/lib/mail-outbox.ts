import fs from 'node:fs/promises';
import path from 'node:path';

/*
 * Reads the file outbox (DATA_DIR/mail) written when no SMTP_URL is set. Used by the
 * integration and end-to-end tests to follow the links a user would click.
 */

export interface StoredMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words; adjacent words join without the space between them. */
function decodeHeader(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  return joined.replace(/(=\?utf-8\?[BQ]\?[^?]*\?=)+/gi, (run) => {
    const bytes = [...run.matchAll(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi)].map(([, encoding, text]) =>
      encoding!.toUpperCase() === 'B'
        ? Buffer.from(text!, 'base64')
        : Buffer.from(decodeQuotedPrintable(text!.replace(/_/g, ' ')), 'utf8'),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

export function parseEml(raw: string, file = ''): StoredMail {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n\s+/g, ' ');
  const body = raw.slice(split + 2);
  const header = (name: string) =>
    head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { file, to: decodeHeader(header('To')), subject: decodeHeader(header('Subject')), text };
}

/** Every mail in the outbox, oldest first. */
export async function readOutbox(outboxDir: string): Promise<StoredMail[]> {
  const names = await fs.readdir(outboxDir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map(async (name) => {
        const file = path.join(outboxDir, name);
        return parseEml(await fs.readFile(file, 'utf8'), file);
      }),
  );
  return mails;
}

/** The newest mail to an address, or undefined. */
export async function latestMailTo(outboxDir: string, to: string): Promise<StoredMail | undefined> {
  const mails = await readOutbox(outboxDir);
  return mails.filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase())).at(-1);
}

export function firstLink(mail: StoredMail): string | undefined {
  return mail.text.match(/https?:\/\/\S+/)?.[0];
}
