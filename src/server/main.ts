import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDataDir } from './lib/data-dir.ts';

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
  const [{ buildApp }, database] = await Promise.all([import('./app.ts'), opening]);
  const { app } = await buildApp({ config, database });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (partialUploads > 0) app.log.info({ partialUploads }, 'removed uploads cut off by a stop');
  app.log.info(
    {
      url: config.publicUrl,
      db: database.kind,
      dataDir: config.dataDir,
      // Since the process started (performance.now() counts from there).
      startedInMs: Math.round(performance.now()),
    },
    'DocuCard is serving',
  );
}

await main();
