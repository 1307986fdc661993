/** The spec's naming rules (000 section 3), shared by the API and its tests. */
export interface NameParts {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

const clean = (s: string | null | undefined) => (s ?? '').trim();

/** First plus last name if both exist, else first name, else e-mail, else 'User'. */
export function displayNameOf(u: NameParts): string {
  const first = clean(u.firstName);
  const last = clean(u.lastName);
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  if (clean(u.email)) return clean(u.email);
  return 'User';
}

/** First letters of first and last name, else the first two letters of the e-mail, else 'U'. */
export function initialsOf(u: NameParts): string {
  const first = clean(u.firstName);
  const last = clean(u.lastName);
  if (first && last) return (first[0] + last[0]).toUpperCase();
  const email = clean(u.email);
  if (email) return email.slice(0, 2).toUpperCase();
  return 'U';
}
