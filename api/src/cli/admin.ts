/**
 * Administration from the shell: `npm run admin -- grant <email>` promotes a member to admin.
 * Uses DATABASE_URL, or the embedded database under DATA_DIR like `npm start`.
 */
import 'reflect-metadata';
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { createLogger } from '../kernel/logger';
import { useSettings } from '../kernel/settings';
import { grantAdmin } from '../modules/users/user.service';

async function main() {
  const [command, email] = process.argv.slice(2);
  if (command !== 'grant' || !email) {
    console.error('Usage: npm run admin -- grant <email>');
    process.exit(2);
  }
  const config = loadConfig();
  useSettings(config);
  const database = await openDatabase(config, createLogger('warn'));
  try {
    const user = await grantAdmin(email);
    console.log(`${user.email} is now an admin.`);
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
