import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { adoptListeningPort, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDataDir } from './lib/data-dir.ts';
import { serverLoggerOptions } from './lib/log-redaction.ts';
import { terminalLogStream } from './lib/log-output.ts';
import { publicOriginInfo } from './lib/public-origin.ts';
import { startBanner } from './lib/start-banner.ts';

async function main(): Promise<void> {
  // Whatever the server writes under DATA_DIR (PGlite's files included) is private: 0600/0700.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const { partialUploads } = await prepareDataDir(config.dataDir);

  // The database opens (its files read, its WebAssembly compiled on background threads, a new
  // folder set up by a child process) while the rest of the server's code loads.
  const opening = openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pg'),
  });
  // Readable lines on a terminal, JSON lines anywhere else.
  const [{ buildApp }, database, terminal] = await Promise.all([
    import('./app.ts'),
    opening,
    terminalLogStream(),
  ]);
  const { app } = await buildApp({
    config,
    database,
    ...(terminal ? { logger: { ...serverLoggerOptions(config.logLevel), stream: terminal } } : {}),
  });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // PORT=0 lets the system choose: QR codes, links and mails name the port really used.
  adoptListeningPort(config, (app.server.address() as AddressInfo).port);
  if (partialUploads > 0) app.log.info({ partialUploads }, 'removed uploads cut off by a stop');
  const reach = publicOriginInfo(config);
  app.log[terminal ? 'debug' : 'info'](
    {
      url: config.publicUrl,
      port: config.port,
      phonesCanReach: reach.phonesCanReach,
      lanOrigins: reach.lanOrigins,
      db: database.kind,
      dataDir: config.dataDir,
      mail: config.smtpUrl ? 'smtp' : path.join(config.dataDir, 'mail'),
      // Since the process started (performance.now() counts from there).
      startedInMs: Math.round(performance.now()),
    },
    'DocuCard is serving',
  );
  // For the person who ran `npm start`: what to open, whether phones get there, where mail goes.
  process.stdout.write(startBanner(config, reach));
}

await main();
