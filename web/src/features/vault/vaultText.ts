/** The vault's texts and checks (spec 002 "Vault password", "Vault document"); the server checks again. */

const MIN_PASSWORD_LENGTH = 6;
export const DOCUMENT_TYPES = ['passport', 'visa', 'id', 'license', 'other'] as const;

const TYPE_LABELS: Record<string, string> = {
  passport: 'Passport',
  visa: 'Visa',
  id: 'ID',
  license: 'License',
  other: 'Other',
};
export const typeLabel = (t: string) => TYPE_LABELS[t] ?? t;

interface Problem {
  title: string;
  description: string;
}

/** A new vault password and its confirmation: they must match and be long enough (the spec's messages). */
export function passwordProblem(password: string, confirm: string, min = MIN_PASSWORD_LENGTH): Problem | null {
  if (password !== confirm)
    return { title: "Passwords Don't Match", description: 'Please enter the same password twice.' };
  if (password.length < min)
    return { title: 'Password Too Short', description: `Password must be at least ${min} characters long.` };
  return null;
}

export const MISSING_INFORMATION: Problem = {
  title: 'Missing Information',
  description: 'Please choose a document type and enter a document name.',
};
export const MISSING_FILE: Problem = {
  title: 'Missing Information',
  description: 'Please select a file: an image or a PDF.',
};

/** "31 Jan 2030" for a YYYY-MM-DD date. */
export function formatDate(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  return d.toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The document file a member picks: an image or a PDF within the server's limits. */
export function fileProblem(
  file: Pick<File, 'type' | 'name' | 'size'>,
  limits?: { imageMaxBytes: number; documentMaxBytes: number },
): Problem | null {
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  const isImage = file.type.startsWith('image/');
  if (!isPdf && !isImage) return { title: 'Invalid file type', description: 'Please select an image or a PDF.' };
  const max = isPdf ? limits?.documentMaxBytes : limits?.imageMaxBytes;
  if (max && file.size > max) {
    return {
      title: 'File too large',
      description: `Please select ${
        isPdf ? 'a document' : 'an ' + 'image'
      } smaller than ${Math.round(max / 1024 / 1024)}MB.`,
    };
  }
  return null;
}
