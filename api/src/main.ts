import 'reflect-metadata';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { loadDemoData } from './db/demo';
import { startHousekeeping } from './db/housekeeping';
import { createLogger } from './kernel/logger';
import { startListener } from './kernel/pubsub';
import { useSettings } from './kernel/settings';
import { configureSessions } from './modules/auth/session.service';
import { createServer } from './server';
import { startupFailure } from './startup-failure';

/** Boot: config -> database (migrations, demo data) -> HTTP server; shutdown in the reverse order. */
async function main() {
  const config = loadConfig();
  useSettings(config);
  configureSessions(config.sessionDays);
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log);
  if (config.demoData) await loadDemoData(log);
  const stopListener = await startListener(database.url, log);
  const stopHousekeeping = startHousekeeping(log);
  const server = await createServer(config, log);
  await new Promise<void>((resolve, reject) => {
    server.httpServer.once('error', reject);
    server.httpServer.listen(config.port, config.host, resolve);
  });
  log.info({ url: config.publicUrl, database: database.embedded ? 'embedded' : 'external' }, `Saffa is listening on ${config.publicUrl}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      stopHousekeeping();
      await server.close();
      await stopListener();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // One line that says why, for the person at the terminal; the stack only with LOG_LEVEL=debug.
  console.error(`Saffa could not start: ${startupFailure(err)}`);
  if (process.env.LOG_LEVEL === 'debug' && err instanceof Error) console.error(err.stack);
  process.exit(1);
});
