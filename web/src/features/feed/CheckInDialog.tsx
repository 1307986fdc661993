import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, Dialog, Field, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useApolloClient } from '@apollo/client/react';
import { LuCamera, LuLocateFixed } from 'react-icons/lu';
import { DialogFrame } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';
import { useUploadLimits } from '../../ui/useAppConfig';
import {
  ComposerReverseGeocodeDocument,
  type ComposerReverseGeocodeQuery,
  type ComposerReverseGeocodeQueryVariables,
} from './composer.generated';
import { checkImageFile, megabytes, readFileAsDataUrl } from '../../lib/files';
import { askPosition, canLocate } from '../../lib/position';
import type { Attachment, CheckIn } from './composerState';

interface CheckInDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The check-in the composer holds already, to edit it. */
  initial: CheckIn | null;
  initialPhoto: Attachment | null;
  onConfirm: (checkIn: CheckIn, photo: Attachment | null) => void;
}

/** The Check In dialog: the member's position (or a typed place name) and an optional photo. */
export function CheckInDialog({ open, onOpenChange, initial, initialPhoto, onConfirm }: CheckInDialogProps) {
  // Rendered only while open, so each opening starts from the composer's check-in.
  if (!open) return null;
  return (
    <CheckInForm
      initial={initial}
      initialPhoto={initialPhoto}
      onClose={() => onOpenChange(false)}
      onConfirm={(checkIn, photo) => {
        onConfirm(checkIn, photo);
        onOpenChange(false);
      }}
    />
  );
}

function CheckInForm({
  initial,
  initialPhoto,
  onConfirm,
  onClose,
}: Pick<CheckInDialogProps, 'initial' | 'initialPhoto' | 'onConfirm'> & { onClose: () => void }) {
  const client = useApolloClient();
  const [location, setLocation] = useState(initial?.location ?? '');
  const [coords, setCoords] = useState<{ latitude: number; longitude: number } | null>(
    initial && initial.latitude !== null && initial.longitude !== null
      ? { latitude: initial.latitude, longitude: initial.longitude }
      : null,
  );
  const [photo, setPhoto] = useState<Attachment | null>(initialPhoto);
  const [locating, setLocating] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const limits = useUploadLimits();

  const fillPlaceName = async (latitude: number, longitude: number) => {
    try {
      const { data } = await client.query<ComposerReverseGeocodeQuery, ComposerReverseGeocodeQueryVariables>({
        query: ComposerReverseGeocodeDocument,
        variables: { latitude, longitude },
        fetchPolicy: 'network-only',
      });
      // null: the place is unknown; the member types its name.
      if (data?.reverseGeocode) setLocation(data.reverseGeocode);
    } catch (err) {
      console.warn('Reverse geocoding failed', err);
    }
  };

  const locate = () => {
    if (!canLocate()) {
      toaster.create({
        type: 'error',
        title: 'Not Supported',
        description: 'Geolocation is not supported by your browser.',
      });
      return;
    }
    setLocating(true);
    void askPosition({ enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 }).then(async (answer) => {
      if (answer.ok) {
        const { latitude, longitude } = answer;
        setCoords({ latitude, longitude });
        await fillPlaceName(latitude, longitude);
        setLocating(false);
        return;
      }
      setLocating(false);
      toaster.create({
        type: 'error',
        title: 'Location Error',
        description: 'Unable to get your current location. Please enter it manually.',
      });
    });
  };

  const onPhoto = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file || !limits) return;
    const problem = checkImageFile(file, limits);
    if (problem) {
      toaster.create({ type: 'error', ...problem });
      return;
    }
    try {
      setPhoto({ name: file.name, size: file.size, type: file.type, dataUrl: await readFileAsDataUrl(file) });
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Could not read the file.' });
    }
  };

  const blank = !location.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    onConfirm(
      { location: location.trim(), latitude: coords?.latitude ?? null, longitude: coords?.longitude ?? null },
      photo,
    );
  };

  return (
    <DialogFrame
      title="Check In"
      testId="checkin-dialog"
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button type="submit" colorPalette="green" disabled={blank}>
            Confirm
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Button variant="outline" onClick={locate} loading={locating} loadingText="Finding your location...">
          <LuLocateFixed aria-hidden />
          Use my current location
        </Button>
        {coords && (
          <Text fontSize="sm" color="fg.muted" data-testid="checkin-coordinates">
            Coordinates: {coords.latitude.toFixed(5)}, {coords.longitude.toFixed(5)}
          </Text>
        )}
        <Field.Root required>
          <Field.Label>Location name</Field.Label>
          <Input
            name="location"
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            placeholder="Where are you?"
            maxLength={200}
            autoComplete="off"
          />
        </Field.Root>
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="medium">
            Photo (optional)
          </Text>
          <input
            ref={photoInput}
            type="file"
            accept="image/*"
            hidden
            aria-label="Check-in photo"
            data-testid="checkin-photo-input"
            onChange={(e) => {
              void onPhoto(e.target.files);
              e.target.value = '';
            }}
          />
          {photo ? (
            <HStack gap="3" align="start">
              <Box position="relative" w="32" h="24" borderRadius="md" overflow="hidden" borderWidth="1px">
                <Image src={photo.dataUrl} alt="Check-in photo preview" w="full" h="full" objectFit="cover" />
              </Box>
              <Stack gap="2">
                <Button size="sm" variant="outline" onClick={() => photoInput.current?.click()}>
                  Change photo
                </Button>
                <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setPhoto(null)}>
                  Remove check-in photo
                </Button>
              </Stack>
            </HStack>
          ) : (
            <Button variant="outline" size="sm" alignSelf="start" onClick={() => photoInput.current?.click()}>
              <LuCamera aria-hidden />
              Add photo
            </Button>
          )}
          {limits && (
            <Text fontSize="xs" color="fg.muted">
              Up to {megabytes(limits.imageMaxBytes)}.
            </Text>
          )}
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
