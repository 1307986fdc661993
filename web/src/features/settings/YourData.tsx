import { useState } from 'react';
import { Button, Card, Dialog, Field, Heading, Input, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { DeleteAccountDocument } from './account.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';

/** The data archive's address: a file download (a zip streamed by the server), so it is fetched, not queried. */
export const EXPORT_PATH = '/api/me/export';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** The file name the server gave the archive, or a dated default. */
function fileNameOf(res: Response): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? `saffa-data-${new Date().toISOString().slice(0, 10)}.zip`;
}

/** A download refused for the password typed (wrong, or too many wrong ones): said at the password field. */
class PasswordRefused extends Error {}

/** Why a download failed, in words for the member. */
async function downloadError(res: Response): Promise<Error> {
  const body = await res.text().catch(() => '');
  if (res.status === 400) return new PasswordRefused('That password is not correct.');
  if (res.status === 429) {
    if (body.startsWith('Too many wrong passwords')) return new PasswordRefused(body);
    const minutes = Math.max(1, Math.ceil(Number(res.headers.get('retry-after') ?? 60) / 60));
    return new Error(
      `You downloaded your data a moment ago. You can download it again in ${minutes} ` +
        `minute${minutes === 1 ? '' : 's'}.`,
    );
  }
  if (res.status === 401) return new Error('Your session has ended. Sign in again to download your data.');
  if (res.status === 403 && body)
    return new PasswordRefused(
      body.startsWith('Downloading your data needs your sign-in password')
        ? 'Enter your password to download your data.'
        : body,
    );
  return new Error(`${res.status}: ${body || 'Could not prepare your data.'}`);
}

/**
 * Asks for the archive with the member's sign-in password (none for a member who only signs in with Google or
 * Facebook and did so a few minutes ago), reads it as it streams in (reporting the bytes so far), then hands it to
 * the browser as a download.
 */
async function downloadArchive(password: string, onProgress: (bytes: number) => void): Promise<void> {
  const res = await fetch(EXPORT_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(password ? { password } : {}),
  });
  if (!res.ok) throw await downloadError(res);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      received += value.byteLength;
      onProgress(received);
    }
  } else {
    chunks.push(new Uint8Array(await res.arrayBuffer()));
  }
  const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** What deleting an account takes with it, as the confirmation says. */
const DELETED_WITH_ACCOUNT = [
  'your profile, photos, posts, comments, reactions, reels and recipes',
  'your messages, dating alias, friends, follows and notifications',
  'your job applications and CVs, event bookings, marketplace listings and Noot vir Noot songs',
  'your document vault and every document in it',
  'any business page you own, with its reviews and job vacancies',
];

/** The confirmation of "Delete account": what goes, and the sign-in password to prove it is the member. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { loading }] = useMutation(DeleteAccountDocument);

  const submit = async () => {
    if (!password) {
      setError('Enter your password to confirm.');
      return;
    }
    setError(null);
    try {
      await deleteAccount({ variables: { password } });
      toaster.success({
        title: 'Account deleted',
        description: 'Your account and everything in it are gone. Totsiens!',
      });
      // The server ended every session and cleared the cookie: a fresh load lands on the sign-in screen.
      window.location.assign('/');
    } catch (err) {
      const message = errorMessage(err, 'Could not delete your account. Please try again.');
      setError(message === 'password is not correct' ? 'That password is not correct.' : message);
    }
  };

  return (
    <DialogFrame
      onClose={onClose}
      role="alertdialog"
      title="Delete your account?"
      testId="delete-account-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" disabled={loading}>
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" colorPalette="red" loading={loading} loadingText="Deleting...">
            Delete my account
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>This cannot be undone. Deleting your account removes, for good:</Text>
        <List.Root ps="5" gap="1">
          {DELETED_WITH_ACCOUNT.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List.Root>
        <Text fontSize="sm" color="fg.muted">
          Groups you created stay for their other members. Download your data first if you want to keep a copy.
        </Text>
        <Field.Root required invalid={!!error}>
          <Field.Label>
            Your password <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            // Checked on submit with our own message, not the browser's.
            required={false}
            aria-required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="delete-account-password"
            autoFocus
          />
          {error ? (
            <Field.ErrorText data-testid="delete-account-error">{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>The password you sign in with.</Field.HelperText>
          )}
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}

/**
 * "Download my data": the sign-in password first, so a session alone (a borrowed device, a stolen cookie) takes nothing
 * away.
 */
function DownloadDialog({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const submit = async () => {
    setPasswordError(null);
    setFailed(null);
    setProgress(0);
    try {
      await downloadArchive(password, setProgress);
      toaster.success({ title: 'Your data is downloading', description: 'Look for the zip file in your downloads.' });
      onClose();
    } catch (err) {
      if (err instanceof PasswordRefused) setPasswordError(err.message);
      else setFailed(err instanceof Error ? err.message : 'Could not prepare your data. Please try again.');
    } finally {
      setProgress(null);
    }
  };

  return (
    <DialogFrame
      onClose={onClose}
      title="Download your data"
      testId="download-data-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" disabled={progress !== null}>
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button
            type="submit"
            colorPalette="green"
            loading={progress !== null}
            loadingText="Preparing..."
            data-testid="download-data-confirm"
          >
            Download
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>Your archive holds your messages, applications, bookings and more: confirm it is you.</Text>
        <Field.Root invalid={!!passwordError}>
          <Field.Label>Your password</Field.Label>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="download-data-password"
            autoFocus
          />
          {passwordError ? (
            <Field.ErrorText data-testid="download-password-error">{passwordError}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              The password you sign in with. Signed up with Google or Facebook? Leave it empty: sign in again, then
              download within 10 minutes.
            </Field.HelperText>
          )}
        </Field.Root>
        <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="download-progress">
          {progress !== null && (
            <>
              <Spinner size="xs" me="2" />
              {progress > 0 ? `${megabytes(progress)} received` : 'Collecting your data...'}
            </>
          )}
        </Text>
        {failed && (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="download-error">
            {failed}
          </Text>
        )}
      </Stack>
    </DialogFrame>
  );
}

/**
 * "Your data" in the profile's Settings tab: download everything Saffa keeps about the member as one archive (after
 * their password), and delete the account (after a confirmation with the sign-in password).
 */
export function YourData() {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);

  return (
    <Card.Root data-testid="your-data">
      <Card.Header>
        <Heading as="h2" size="md">
          Your data
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Download everything you have on Saffa, or delete your account.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <Stack gap="2">
            <Text fontSize="sm">
              One zip file with your profile, posts, reels, recipes, messages, bookings, applications and every other
              record of yours, with your photos, videos and CVs. Vault documents are included only while your vault is
              unlocked.
            </Text>
            <Button
              alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              colorPalette="green"
              onClick={() => setDownloading(true)}
              data-testid="download-data"
            >
              Download my data
            </Button>
          </Stack>
          <Stack gap="2">
            <Text fontSize="sm">
              Deleting your account removes your profile and all your content for good, including any business page you
              own.
            </Text>
            <Button
              alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              variant="outline"
              colorPalette="red"
              onClick={() => setConfirming(true)}
              data-testid="delete-account"
            >
              Delete account
            </Button>
          </Stack>
        </Stack>
      </Card.Body>
      {downloading && <DownloadDialog onClose={() => setDownloading(false)} />}
      {confirming && <DeleteAccountDialog onClose={() => setConfirming(false)} />}
    </Card.Root>
  );
}
