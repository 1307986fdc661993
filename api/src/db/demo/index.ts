import { db } from '../../kernel/database';
import type { DemoPart } from '../../kernel/demo';
import type { Logger } from '../../kernel/logger';
import { AppMeta } from '../app-meta.entity';
import type { ModuleManifest } from '../../kernel/module';
import { modules } from '../../modules';

/**
 * The demo parts of these modules in the order they load: module order, except that a part waits for the parts it
 * names in `after` (members first: the users module comes before the others that have a part).
 */
export function demoPartsOf(list: readonly ModuleManifest[]): DemoPart[] {
  const pending = list.flatMap((m) => m.demo ?? []);
  const known = new Set(pending.map((p) => p.name));
  const done = new Set<string>();
  const ordered: DemoPart[] = [];
  while (pending.length) {
    const i = pending.findIndex((p) => (p.after ?? []).every((name) => done.has(name) || !known.has(name)));
    if (i < 0) throw new Error(`demo parts wait for each other: ${pending.map((p) => p.name).join(', ')}`);
    const [part] = pending.splice(i, 1);
    ordered.push(part);
    done.add(part.name);
  }
  return ordered;
}

export async function loadDemoData(log: Logger, list: readonly ModuleManifest[] = modules): Promise<void> {
  const meta = db().getRepository(AppMeta);
  for (const part of demoPartsOf(list)) {
    const key = `demo:${part.name}`;
    if (await meta.existsBy({ key })) {
      await part.refresh?.(log);
      continue;
    }
    await part.load(log);
    await meta.insert({ key, value: new Date().toISOString() });
    log.info({ part: part.name }, 'demo data loaded');
  }
}
