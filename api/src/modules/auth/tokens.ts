import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable token (256 bits) for cookies and links. */
export const newToken = () => randomBytes(32).toString('base64url');
/** What the database keeps of a token: its SHA-256, so a leaked table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
