import { getOperationAST, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/**
 * Queries (reads, the hot path: a feed page resolves about a thousand fields) run compiled by graphql-jit: the same
 * schema, the same resolvers, the same answer, without graphql-js interpreting the document field by field on
 * every request. A document is compiled once and kept as long as its parsed form lives (Apollo's document store,
 * a REST row's operation).
 *
 * Only answers WITHOUT errors are taken from the compiled run. When it has any, or the operation is not a query
 * (mutations and subscriptions always run on graphql-js), `run` answers null and the caller executes with
 * graphql-js, whose errors, codes and HTTP statuses clients already know: a failing read runs twice, which a
 * query may (it changes nothing).
 */
export interface CompiledQueries {
  run(
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Record<string, unknown> | undefined,
    context: unknown,
  ): Promise<ExecutionResult | null>;
}

export function compiledQueries(schema: GraphQLSchema): CompiledQueries {
  const byDocument = new WeakMap<DocumentNode, Map<string, CompiledQuery | null>>();

  function compiledFor(document: DocumentNode, operationName: string | null | undefined): CompiledQuery | null {
    let forDocument = byDocument.get(document);
    if (!forDocument) byDocument.set(document, (forDocument = new Map()));
    const key = operationName ?? '';
    let compiled = forDocument.get(key);
    if (compiled === undefined) {
      const operation = getOperationAST(document, operationName);
      const result =
        operation?.operation === 'query' ? compileQuery(schema, document, operationName ?? undefined) : null;
      compiled = result && isCompiledQuery(result) ? result : null;
      forDocument.set(key, compiled);
    }
    return compiled;
  }

  return {
    async run(document, operationName, variables, context) {
      const compiled = compiledFor(document, operationName);
      if (!compiled) return null;
      const result = await compiled.query(undefined, context, variables ?? {});
      return result.errors?.length ? null : result;
    },
  };
}
