import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (link tokens); logged as "[redacted]". */
const SECRET_PARAMETERS = /([?&](?:token|code|key|secret|password)=)[^&#]*/gi;

/** A URL as it may be logged: secret query values replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

/**
 * pino's request serializer: what Fastify logs by default (method, url, host, peer), with
 * the tokens of verification and reset links removed from the URL.
 */
export function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's pino options: cookies and link tokens never reach the log. */
export function serverLoggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: redactedRequest },
  };
}
