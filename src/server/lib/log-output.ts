import type { DestinationStream } from 'pino';

/*
 * Where the server's log goes. On a terminal: readable lines through pino-pretty's formatter,
 * called synchronously in this thread (no transport worker that a bundle would have to find,
 * and the lines stay in order with the start banner), with each HTTP request as one line
 * ("GET /api/health → 200 (3 ms)") instead of two records. Anywhere else (a pipe, a file, a
 * container's log): JSON lines, one per record, and pino-pretty is never loaded.
 */

/** Requests whose start was seen but not their end, at most this many remembered. */
const OPEN_REQUESTS_MAX = 1_000;

interface LogRecord {
  msg?: unknown;
  reqId?: unknown;
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
  [key: string]: unknown;
}

/**
 * A pino destination that folds Fastify's "incoming request" / "request completed" pair into
 * one line and hands every record to `format` (pino-pretty's formatter) before writing it.
 */
export function terminalLines(
  format: (record: LogRecord) => string,
  out: { write(text: string): unknown } = process.stdout,
): DestinationStream {
  const open = new Map<unknown, string>();
  return {
    write(line: string) {
      let record: LogRecord;
      try {
        record = JSON.parse(line) as LogRecord;
      } catch {
        out.write(line);
        return;
      }
      if (record.msg === 'incoming request' && record.req && record.reqId !== undefined) {
        if (open.size >= OPEN_REQUESTS_MAX) open.delete(open.keys().next().value);
        open.set(record.reqId, `${String(record.req.method)} ${String(record.req.url)}`);
        return;
      }
      if (record.msg === 'request completed' && record.res) {
        const { reqId, res, responseTime, ...rest } = record;
        const request = open.get(reqId) ?? 'request';
        open.delete(reqId);
        const took = typeof responseTime === 'number' ? ` (${Math.round(responseTime)} ms)` : '';
        record = { ...rest, msg: `${request} → ${String(res.statusCode)}${took}` };
      }
      out.write(format(record));
    },
  };
}

export async function terminalLogStream(
  isTerminal = Boolean(process.stdout.isTTY),
): Promise<DestinationStream | undefined> {
  if (!isTerminal) return undefined;
  try {
    const { default: pinoPretty } = await import('pino-pretty');
    const format = pinoPretty.prettyFactory({
      colorize: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
    });
    return terminalLines(format);
  } catch {
    // Not installed (a trimmed image): JSON is still a log.
    return undefined;
  }
}
