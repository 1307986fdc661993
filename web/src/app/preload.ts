import type { ApolloCache, DocumentNode } from '@apollo/client';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { getOperationAST, print } from 'graphql';
// Straight to the feed's constant, not through its index.ts, and with file extensions: the build config loads
// this module in Node (web/vite.config.ts), and the index would bring the feed's screens with it.
import { FEED_FIRST_PAGE } from '../features/feed/firstPage.ts';
import { MeDocument } from '../ui/session.generated';

/**
 * Queries the server answers inside index.html for a signed-in visit, so that on a slow line the first screen
 * does not wait for round trips after the scripts: the session (always, and first: a visit the server finds
 * signed out gets nothing), then the first page of the screen at the visited path.
 *
 * The build writes them to dist/preload.json (see web/vite.config.ts) exactly as the cache reads them
 * (with __typename); the server runs them in-process with the request's session and puts the answers in a
 * `<script type="application/json">` of that id; `restorePreloaded` writes them into the cache before the first
 * render, so `cache-first` hooks find them.
 */
interface PreloadedQuery {
  /** The path whose screen reads it, or null for every path. */
  readonly path: string | null;
  readonly query: DocumentNode;
  readonly variables: Readonly<Record<string, unknown>>;
}

export const PRELOADED_QUERIES: readonly PreloadedQuery[] = [
  { path: null, query: MeDocument, variables: {} },
  FEED_FIRST_PAGE,
];

export const PRELOAD_ELEMENT_ID = 'saffa-preload';

/** An answer the server put in the page. */
interface PreloadedAnswer {
  operationName: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** What dist/preload.json holds: the element id and each query's printed text, name, path and variables. */
interface PreloadManifest {
  elementId: string;
  queries: { path: string | null; operationName: string; query: string; variables: Record<string, unknown> }[];
}

function operationName(query: DocumentNode): string {
  const name = getOperationAST(query)?.name?.value;
  if (!name) throw new Error('a preloaded query needs a named operation');
  return name;
}

export function preloadManifest(): PreloadManifest {
  return {
    elementId: PRELOAD_ELEMENT_ID,
    queries: PRELOADED_QUERIES.map(({ path, query, variables }) => ({
      path,
      operationName: operationName(query),
      query: print(addTypenameToDocument(query)),
      variables: { ...variables },
    })),
  };
}

const sameVariables = (a: Readonly<Record<string, unknown>>, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the answers the server put in the page into the cache (once: the element is removed) and answers how
 * many it wrote. Only answers to PRELOADED_QUERIES with the same variables are taken; anything else is ignored,
 * and the hooks then ask the server as usual.
 */
export function restorePreloaded(cache: ApolloCache, doc: Document = document): number {
  const element = doc.getElementById(PRELOAD_ELEMENT_ID);
  if (!element) return 0;
  element.remove();
  let answers: unknown;
  try {
    answers = JSON.parse(element.textContent ?? '');
  } catch {
    return 0;
  }
  return restorePreloadedAnswers(cache, answers);
}

export function restorePreloadedAnswers(cache: ApolloCache, answers: unknown): number {
  if (!Array.isArray(answers)) return 0;
  let written = 0;
  for (const answer of answers as Partial<PreloadedAnswer>[]) {
    const known = PRELOADED_QUERIES.find(
      (q) => operationName(q.query) === answer?.operationName && sameVariables(q.variables, answer.variables),
    );
    if (!known || !answer.data || typeof answer.data !== 'object') continue;
    cache.writeQuery({ query: known.query, variables: known.variables, data: answer.data });
    written += 1;
  }
  return written;
}
