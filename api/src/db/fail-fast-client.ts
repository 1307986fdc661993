import { Client } from 'pg';

/**
 * A pg client that drops its connection when a statement it has sent goes unanswered past `query_timeout`.
 *
 * pg gives the caller "Query read timeout" but keeps the connection, with the unanswered statement still in flight;
 * the next statement on it (TypeORM's ROLLBACK after a failed transaction) then waits a whole timeout of its own
 * behind it. A request caught by a frozen database answered after two timeouts instead of one. Dropping the
 * connection fails whatever is queued on it at once, and the pool replaces it (pg does the same in pipeline mode).
 */
export class FailFastClient extends Client {
  // pg's query has many overloads (callback, promise, submittable); this passes every form through unchanged.
  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(undefined, (err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') this.dropConnection();
      });
    }
    return result as never;
  }

  private dropConnection(): void {
    (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }
}
