import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { LuMusic } from 'react-icons/lu';
import { useUploadNootSongMutation } from './music.generated';
import { errorMessage } from '../../lib/errors';
import { fileExtension, readFileAsDataUrl } from '../../lib/files';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { ImagePicker } from '../../ui/ImagePicker';
import { toaster } from '../../ui/toaster';

interface SongErrors {
  title?: string;
  artist?: string;
  songFile?: string;
}

/** The spec's song rules (002 section 5): title, artist and an mp3 are required; album and cover optional. */
function songErrors(v: { title: string; artist: string; file: { name: string; type: string } | null }): SongErrors {
  const errors: SongErrors = {};
  if (!v.title.trim()) errors.title = 'Title is required';
  if (!v.artist.trim()) errors.artist = 'Artist is required';
  if (!v.file) errors.songFile = 'Song file is required';
  else if (fileExtension(v.file.name) !== 'mp3' && v.file.type !== 'audio/mpeg')
    errors.songFile = 'The song file must be an mp3';
  return errors;
}

/** Upload Song: title, artist, album (optional), the mp3 and a cover (optional, 500x500 suggested). */
export function UploadSongDialog({
  playlistId,
  isAdmin,
  onClose,
}: {
  playlistId: string;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const [title, setTitle] = useState('');
  const [artist, setArtist] = useState('');
  const [album, setAlbum] = useState('');
  const [cover, setCover] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const input = useRef<HTMLInputElement>(null);
  const [upload, { loading }] = useUploadNootSongMutation({ refetchQueries: ['NootChart'], awaitRefetchQueries: true });
  const all = songErrors({ title, artist, file });
  const shown = (k: keyof SongErrors) => (touched[k] ? all[k] : undefined);
  const touch = (k: keyof SongErrors) => setTouched((t) => ({ ...t, [k]: true }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ title: true, artist: true, songFile: true });
    if (Object.keys(all).length || !file) return;
    try {
      const songFile = await readFileAsDataUrl(file);
      await upload({
        variables: {
          input: {
            playlistId,
            title: title.trim(),
            artist: artist.trim(),
            album: album.trim() || null,
            coverImage: cover || null,
            songFile,
          },
        },
      });
      toaster.create({
        type: 'success',
        title: 'Song uploaded',
        description: isAdmin ? 'Your song is on the chart.' : 'Your song will appear once an admin approves it.',
      });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Upload Failed', description: errorMessage(err) });
    }
  };

  return (
    <DialogFrame
      title="Upload Song"
      testId="upload-song-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      footer={<FormDialogActions submitLabel="Upload Song" loading={loading} loadingText="Uploading..." />}
    >
      <Stack gap="4">
        <Field.Root invalid={!!shown('title')}>
          <Field.Label>
            Title <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => touch('title')}
            maxLength={200}
          />
          <Field.ErrorText>{shown('title')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!shown('artist')}>
          <Field.Label>
            Artist <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="artist"
            value={artist}
            onChange={(e) => setArtist(e.target.value)}
            onBlur={() => touch('artist')}
            maxLength={200}
          />
          <Field.ErrorText>{shown('artist')}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Album (optional)</Field.Label>
          <Input name="album" value={album} onChange={(e) => setAlbum(e.target.value)} maxLength={200} />
        </Field.Root>
        <Field.Root invalid={!!shown('songFile')}>
          <Field.Label>
            Song file (mp3) <Field.RequiredIndicator />
          </Field.Label>
          <input
            ref={input}
            type="file"
            accept="audio/mpeg,.mp3"
            hidden
            aria-label="Song file"
            data-testid="song-file-input"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              touch('songFile');
              e.target.value = '';
            }}
          />
          <HStack gap="3">
            <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
              <LuMusic aria-hidden />
              {file ? 'Change mp3' : 'Choose mp3'}
            </Button>
            {file && (
              <>
                <Text fontSize="sm" truncate minW="0">
                  {file.name}
                </Text>
                <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setFile(null)}>
                  Remove
                </Button>
              </>
            )}
          </HStack>
          <Field.ErrorText>{shown('songFile')}</Field.ErrorText>
        </Field.Root>
        <ImagePicker
          label="Cover image (optional)"
          hint="500x500 suggested"
          value={cover}
          onChange={setCover}
          aspect="square"
          testId="song-cover"
        />
      </Stack>
    </DialogFrame>
  );
}
