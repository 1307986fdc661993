import type { ModuleManifest } from './kernel/module';
import { modules } from './modules';
import type { RestRoute } from './rest/route';

/** The REST table of these modules: their rows, module by module (tests pass a list with a module of their own). */
export const restRoutesOf = (list: readonly ModuleManifest[]): RestRoute[] => list.flatMap((m) => m.rest ?? []);

/** Every documented /api path, gathered from the modules that own them. */
export const restRoutes: RestRoute[] = restRoutesOf(modules);
