import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PORT } from '#shared/schemas/public-origin.ts';
import { KEYLESS_PLACEHOLDER_KEY, PROVIDER_PRESETS } from './ai/presets.ts';

/*
 * The only reader of process.env. Empty strings count as unset; every bad field is named
 * before the process exits.
 */

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(emptyToUndefined, schema.optional());
const withDefault = <T extends z.ZodTypeAny>(schema: T, fallback: z.output<T>) =>
  z.preprocess(emptyToUndefined, schema.default(fallback as never));

const ZEnv = z.object({
  NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'development'),
  PORT: withDefault(z.coerce.number().int().min(0).max(65535), DEFAULT_PORT),
  HOST: withDefault(z.string(), '127.0.0.1'),
  // Unset: http://localhost:<the port the server listens on> (see adoptListeningPort).
  PUBLIC_URL: optional(z.url()),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: optional(z.url()),
  REDIS_URL: optional(z.url()),
  SMTP_URL: optional(z.url()),
  MAIL_FROM: withDefault(z.string(), 'DocuCard <no-reply@docucard.local>'),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  OPENAI_API_KEY: optional(z.string()),
  OPENAI_BASE_URL: withDefault(z.url(), PROVIDER_PRESETS.openai.baseUrl),
  OPENAI_MODEL: withDefault(z.string(), PROVIDER_PRESETS.openai.model),
  OPENAI_SPEECH_MODEL: optional(z.string()),
  DEEPSEEK_API_KEY: optional(z.string()),
  DEEPSEEK_BASE_URL: withDefault(z.url(), PROVIDER_PRESETS.deepseek.baseUrl),
  DEEPSEEK_MODEL: withDefault(z.string(), PROVIDER_PRESETS.deepseek.model),
  QWEN_API_KEY: optional(z.string()),
  QWEN_BASE_URL: withDefault(z.url(), PROVIDER_PRESETS.qwen.baseUrl),
  QWEN_MODEL: withDefault(z.string(), PROVIDER_PRESETS.qwen.model),
  OLLAMA_API_KEY: optional(z.string()),
  OLLAMA_BASE_URL: optional(z.url()),
  OLLAMA_MODEL: withDefault(z.string(), PROVIDER_PRESETS.ollama.model),
  AI_CONTEXT_TOKENS: withDefault(z.coerce.number().int().min(200).max(100_000), 2_000),
  ADMIN_EMAILS: withDefault(z.string(), ''),
  AUTH_RATE_LIMIT_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(10_000), 10),
  QUOTA_MAX_DOCUMENTS: withDefault(z.coerce.number().int().min(1).max(1_000_000), 200),
  QUOTA_MAX_BYTES: withDefault(
    z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    2 * 1024 * 1024 * 1024,
  ),
  OCR_MAX_PAGES: withDefault(z.coerce.number().int().min(0).max(2_000), 50),
  SOFFICE_PATH: optional(z.string()),
  WEBHOOK_ALLOW_PRIVATE: withDefault(
    z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
    false,
  ),
  VAPID_PUBLIC_KEY: optional(z.string()),
  VAPID_PRIVATE_KEY: optional(z.string()),
  VAPID_SUBJECT: optional(
    z.string().regex(/^(mailto:|https:)/, 'must start with mailto: or https:'),
  ),
  /** Proxies whose X-Forwarded-For is believed: addresses, CIDRs or loopback/uniquelocal. */
  TRUST_PROXY: optional(z.string().regex(/^[\w.:/, -]+$/u, 'comma-separated addresses')),
  S3_ENDPOINT: optional(z.url()),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name')),
  S3_REGION: withDefault(z.string(), 'us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: withDefault(
    z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
    false,
  ),
  LOG_LEVEL: withDefault(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
});

export interface AiProviderConfig {
  apiKey: string | undefined;
  baseUrl: string;
  model: string;
}

/** An S3-compatible bucket for uploads and generated media (lib/s3-object-store.ts). */
export interface S3Config {
  /** Unset: AWS itself (the region's endpoint). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's own credential chain (instance role, AWS_* variables, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The bucket in the path rather than the host name (MinIO, s3rver, most self-hosted stores). */
  forcePathStyle: boolean;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  /** The port asked for; after listening (adoptListeningPort), the one really used. */
  port: number;
  host: string;
  /**
   * The origin in QR codes, links and mails: PUBLIC_URL, or when that is unset
   * http://localhost:<port> — following the port the server really listens on.
   */
  publicUrl: string;
  /** PUBLIC_URL was unset: publicUrl follows the listened port. */
  publicUrlFollowsPort: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  openai: AiProviderConfig;
  /** OpenAI-compatible /audio/speech model (with OPENAI_API_KEY); unset: the offline voice. */
  speechModel: string | undefined;
  /** Token budget of the document excerpts sent to a model with each question. */
  aiContextTokens: number;
  deepseek: AiProviderConfig;
  /** Qwen through Alibaba Cloud DashScope's OpenAI-compatible mode. */
  qwen: AiProviderConfig;
  /** A local Ollama: on when OLLAMA_BASE_URL is set (it needs no key; a placeholder is sent). */
  ollama: AiProviderConfig;
  adminEmails: ReadonlySet<string>;
  /** Login, registration and verification-mail attempts per client address and minute. */
  authRateLimitPerMinute: number;
  /** What one account may store: documents and their total bytes (answer 413 beyond). */
  quota: { maxDocuments: number; maxBytes: number };
  /** Most scanned pages of one PDF read by OCR; later ones are skipped and the document says so. */
  ocrMaxPages: number;
  logLevel: string;
  /** Set (S3_BUCKET): files go to this bucket; unset: to DATA_DIR/files. */
  s3: S3Config | undefined;
  /**
   * Behind a reverse proxy: the proxy addresses (or CIDRs, or `loopback` / `uniquelocal`)
   * whose X-Forwarded-For names the client, so rate limits and analytics see the visitor,
   * not the proxy. Empty: no proxy is trusted.
   */
  trustProxy: string[];
  /** LibreOffice's soffice for .ppt/.dps uploads; unset: looked for on PATH. */
  sofficePath: string | undefined;
  /** Webhooks may target private, loopback and link-local addresses (self-hosted CRMs). */
  webhookAllowPrivate: boolean;
  /** Web Push keys; unset: a pair is created once into DATA_DIR (features/campaigns). */
  vapid: {
    publicKey: string | undefined;
    privateKey: string | undefined;
    subject: string | undefined;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses an environment (process.env by default). Throws ConfigError naming every bad field. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const s3Problems = checkS3Settings(e);
  if (s3Problems.length > 0) throw new ConfigError(s3Problems);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : localOrigin(e.PORT),
    publicUrlFollowsPort: !e.PUBLIC_URL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_MODEL },
    speechModel: e.OPENAI_SPEECH_MODEL,
    aiContextTokens: e.AI_CONTEXT_TOKENS,
    deepseek: { apiKey: e.DEEPSEEK_API_KEY, baseUrl: e.DEEPSEEK_BASE_URL, model: e.DEEPSEEK_MODEL },
    qwen: { apiKey: e.QWEN_API_KEY, baseUrl: e.QWEN_BASE_URL, model: e.QWEN_MODEL },
    ollama: {
      apiKey: e.OLLAMA_BASE_URL ? (e.OLLAMA_API_KEY ?? KEYLESS_PLACEHOLDER_KEY) : undefined,
      baseUrl: e.OLLAMA_BASE_URL ?? PROVIDER_PRESETS.ollama.baseUrl,
      model: e.OLLAMA_MODEL,
    },
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    quota: { maxDocuments: e.QUOTA_MAX_DOCUMENTS, maxBytes: e.QUOTA_MAX_BYTES },
    ocrMaxPages: e.OCR_MAX_PAGES,
    logLevel: e.LOG_LEVEL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sofficePath: e.SOFFICE_PATH,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
    },
  };
}

function localOrigin(port: number): string {
  return `http://localhost:${port}`;
}

/**
 * Once the server listens: the port it really got (PORT=0 asks the system for a free one), and
 * with PUBLIC_URL unset the public origin on that port, so no QR code, link or mail names a port
 * nothing listens on. Changes `config` in place: every part of the app reads it per request.
 */
export function adoptListeningPort(config: Config, port: number): void {
  config.port = port;
  if (config.publicUrlFollowsPort) config.publicUrl = localOrigin(port);
}

/** Settings that only make sense together: a half-configured store would lose files. */
function checkS3Settings(e: z.output<typeof ZEnv>): string[] {
  const problems: string[] = [];
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_BUCKET: required when S3_ENDPOINT or S3 keys are set');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return problems;
}

/** A secret generated once and kept in DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

function parseTrustProxy(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
