import fs from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import { execute, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Context, HttpContextFactory } from './kernel/context';
import { sessionTokenOf } from './kernel/http';
import type { Logger } from './kernel/logger';

/** dist/preload.json as the web build writes it (web/src/app/preload.ts). */
interface Manifest {
  elementId: string;
  queries: { path: string | null; operationName: string; query: string; variables: Record<string, unknown> }[];
}

/** The answers a signed-in page carries, and the id of the element the web app reads them from. */
export interface PageData {
  elementId: string;
  answers: { operationName: string; variables: Record<string, unknown>; data: Record<string, unknown> }[];
}

/**
 * For a page request with a valid session, the function that answers the data the page carries (null: nothing to
 * carry after all); null when the visit is signed out. Two steps, so the server can send the page's head (its
 * scripts) while the first screen's queries run.
 */
export type PageDataSource = (req: Request, res: Response) => Promise<(() => Promise<PageData | null>) | null>;

/**
 * The first screen's queries answered inside index.html (see web/src/app/preload.ts): for a request with a valid
 * session, the server runs the session query and the queries of the visited path in-process, with the request's
 * own context (same session, same loaders, same rules), as the REST adapter runs its operations. A request
 * without a session cookie costs nothing: no context, no query. Queries the schema no longer validates (a web build
 * older than the server) are left out, and the web app asks for them as usual. Undefined when the build wrote
 * no manifest.
 */
export function pageDataSource(
  schema: GraphQLSchema,
  dist: string,
  contextOf: HttpContextFactory,
  log: Logger,
): PageDataSource | undefined {
  const file = path.join(dist, 'preload.json');
  if (!fs.existsSync(file)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const queries: (Manifest['queries'][number] & { document: DocumentNode })[] = [];
  for (const query of manifest.queries) {
    const document = parse(query.query);
    const problems = validate(schema, document);
    if (problems.length)
      log.warn(
        { operationName: query.operationName, problems: problems.map((p) => p.message) },
        'preloaded query left out',
      );
    else queries.push({ ...query, document });
  }
  const [session, ...rest] = queries;
  if (session?.path !== null) return undefined;

  /** Runs the session query and the path's queries with the request's context. */
  async function answer(wanted: typeof queries, contextValue: Context): Promise<PageData | null> {
    const results = await Promise.all(
      // eslint-disable-next-line @typescript-eslint/await-thenable -- execute() returns a promise for async resolvers
      wanted.map((q) =>
        execute({
          schema,
          document: q.document,
          contextValue,
          variableValues: q.variables,
          operationName: q.operationName,
        }),
      ),
    );
    const answers: PageData['answers'] = [];
    results.forEach((result, i) => {
      // A query that fails here is simply asked again by the web app, which shows its error states.
      if (result.errors?.length || !result.data) return;
      answers.push({
        operationName: wanted[i].operationName,
        variables: wanted[i].variables,
        data: result.data as Record<string, unknown>,
      });
    });
    // Without the session's answer the page must not claim anything.
    if (answers[0]?.operationName !== session.operationName) return null;
    return { elementId: manifest.elementId, answers };
  }

  return async (req, res) => {
    if (!sessionTokenOf(req.headers.cookie)) return null;
    const contextValue = await contextOf(req, res, log);
    if (!contextValue.viewer) return null;
    const wanted = [session, ...rest.filter((q) => q.path === null || q.path === req.path)];
    return () => answer(wanted, contextValue);
  };
}
