/** Why the server could not start, as one line: an error's message (its cause too), never "undefined". */
export function startupFailure(err: unknown): string {
  const text = (e: unknown): string => {
    if (e instanceof Error) {
      const own = e.message;
      const cause = e.cause !== undefined ? text(e.cause) : '';
      if (!own) return cause;
      return cause && !own.includes(cause) ? `${own} (${cause})` : own;
    }
    if (e === undefined || e === null || e === '') return '';
    return typeof e === 'object' ? JSON.stringify(e) : String(e);
  };
  const line = text(err)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return line || 'an unknown error (run with LOG_LEVEL=debug for details)';
}
