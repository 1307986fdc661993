import 'reflect-metadata';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db';
import { loadDemoData } from './db/demo';
import { housekeepingJob } from './db/housekeeping';
import { createLogger } from './kernel/logger';
import { mediaStore } from './kernel/media';
import { startListener, type EventListener } from './kernel/pubsub';
import { startScheduler } from './kernel/scheduler';
import { useSettings } from './kernel/settings';
import { configureSessions } from './modules/auth/session.service';
import { modules } from './modules';
import { createServer, type RunningServer } from './server';
import { startupFailure } from './startup-failure';

/** How long a shutdown may take before the process ends anyway (below the 10 s most supervisors allow). */
const SHUTDOWN_BUDGET_MS = 4_500;

/** Boot: config -> database (migrations, demo data) -> HTTP server; shutdown in the reverse order. */
async function main() {
  const config = loadConfig();
  useSettings(config);
  configureSessions(config.sessionDays);
  const log = createLogger(config.logLevel);

  // What is running so far, stopped in reverse order by a signal at any moment, even while the boot still
  // waits for its database.
  let database: Database | null = null;
  let listener: EventListener | null = null;
  let stopScheduler: (() => void) | null = null;
  let server: RunningServer | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error({ budgetMs: SHUTDOWN_BUDGET_MS }, 'shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_BUDGET_MS).unref();
    try {
      stopScheduler?.();
      await server?.close();
      await listener?.stop();
      await database?.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      log.error({ reason: err instanceof Error ? err.message : String(err) }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The media store's folders or buckets: a bucket that is missing or refuses the credentials stops the start here.
  await mediaStore().check();
  log.info({ store: mediaStore().kind }, 'media store ready');
  database = await openDatabase(config, log);
  if (stopping) return;
  if (config.demoData) await loadDemoData(log);
  listener = await startListener(database.url, log, {
    probeMs: config.database.listenerProbeMs,
    connectTimeoutMs: config.database.connectTimeoutMs,
    maxRetryDelayMs: config.database.maxRetryDelayMs,
  });
  // Periodic work, in one place: the database's housekeeping and every module's jobs (vault reminders, webhook
  // retries).
  stopScheduler = startScheduler([housekeepingJob, ...modules.flatMap((m) => m.jobs ?? [])], log);
  server = await createServer(config, log, { events: listener });
  const http = server.httpServer;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, resolve);
  });
  log.info(
    { url: config.publicUrl, database: database.embedded ? 'embedded' : 'external' },
    `Saffa is listening on ${config.publicUrl}`,
  );
}

main().catch((err: unknown) => {
  // One line that says why, for the person at the terminal; the stack only with LOG_LEVEL=debug.
  console.error(`Saffa could not start: ${startupFailure(err)}`);
  if (process.env.LOG_LEVEL === 'debug' && err instanceof Error) console.error(err.stack);
  process.exit(1);
});
