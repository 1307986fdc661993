import { useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  chakra,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useSaveDatingAliasMutation, type DatingAlias_AliasFragment } from './dating.generated';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../ui/toaster';
import { useDatingLimits, type DatingLimits } from '../../ui/useAppConfig';
import { usePosition } from '../../lib/position';
import { GENDERS, INTERESTED_IN, LOOKING_FOR } from './datingText';
import { PhotosPicker } from './PhotosPicker';

// Cape Town, where the position falls back to when the browser gives none (as the business directory does).
const FALLBACK = { latitude: -33.9249, longitude: 18.4241 };

const formOf = (a: DatingAlias_AliasFragment | null, limits: DatingLimits) => ({
  aliasName: a?.aliasName ?? '',
  age: a ? String(a.age) : '',
  bio: a?.bio ?? '',
  interests: a?.interests.join(', ') ?? '',
  photos: a?.photos ?? [],
  lookingFor: a?.lookingFor ?? '',
  gender: a?.gender ?? '',
  interestedIn: a?.interestedIn ?? '',
  minAge: String(a?.minAge ?? limits.minAge),
  maxAge: String(a?.maxAge ?? limits.maxAge),
  radiusKm: a?.radiusKm ?? limits.defaultRadiusKm,
});
type Form = ReturnType<typeof formOf>;

const Required = () => (
  <Text as="span" color="fg.error" aria-hidden>
    *
  </Text>
);

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: ReactNode;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (v: string) => void;
}) {
  return (
    <Field.Root required>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Select...</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The alias form (spec 001 sections 3 and 5): alias name, age, bio, looking for, gender and interested in are required;
 * interests from comma-separated text; photos, age range and radius within the server's limits (appConfig: five photos,
 * 18-99, 5-100 km in steps of 5, default 50). The member's position (the browser's, or Cape Town) is saved with it and
 * shown to nobody.
 */
type AliasFormProps = { alias: DatingAlias_AliasFragment | null; onSaved: () => void; onCancel?: () => void };

export function AliasForm(props: AliasFormProps) {
  const limits = useDatingLimits();
  if (!limits) return <Spinner aria-label="Loading" />;
  return <AliasFields {...props} limits={limits} />;
}

/** The form itself, once the server's limits (appConfig) are known: they set its ranges and defaults. */
function AliasFields({ alias, onSaved, onCancel, limits }: AliasFormProps & { limits: DatingLimits }) {
  const [form, setForm] = useState<Form>(() => formOf(alias, limits));
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const position = usePosition();
  const [save, { loading }] = useSaveDatingAliasMutation({
    refetchQueries: ['MyDatingAlias', 'DatingProfiles'],
    awaitRefetchQueries: true,
  });
  const age = Number.parseInt(form.age, 10);
  const complete =
    !!form.aliasName.trim() &&
    Number.isInteger(age) &&
    !!form.bio.trim() &&
    !!form.lookingFor &&
    !!form.gender &&
    !!form.interestedIn;
  const submit = async () => {
    if (!complete) return;
    try {
      await save({
        variables: {
          input: {
            aliasName: form.aliasName,
            age,
            bio: form.bio,
            interests: form.interests,
            photos: form.photos,
            lookingFor: form.lookingFor,
            gender: form.gender,
            interestedIn: form.interestedIn,
            minAge: Number.parseInt(form.minAge, 10) || limits.minAge,
            maxAge: Number.parseInt(form.maxAge, 10) || limits.maxAge,
            radiusKm: form.radiusKm,
            latitude: position?.latitude ?? FALLBACK.latitude,
            longitude: position?.longitude ?? FALLBACK.longitude,
          },
        },
      });
      toaster.create({ type: 'success', title: alias ? 'Alias Updated' : 'Alias Created' });
      onSaved();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Could not save your alias', description: errorMessage(err) });
    }
  };
  return (
    <Card.Root>
      <Card.Body>
        <chakra.form
          data-testid="dating-alias-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="4">
            <Text fontWeight="semibold" fontSize="lg">
              {alias ? 'Edit Alias' : 'Create Your Alias'}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root required>
                <Field.Label>
                  Alias Name <Required />
                </Field.Label>
                <Input value={form.aliasName} onChange={(e) => set('aliasName')(e.target.value)} maxLength={60} />
              </Field.Root>
              <Field.Root required>
                <Field.Label>
                  Age <Required />
                </Field.Label>
                <Input
                  type="number"
                  min={limits.minAge}
                  max={limits.maxAge}
                  value={form.age}
                  onChange={(e) => set('age')(e.target.value)}
                />
              </Field.Root>
            </SimpleGrid>
            <Field.Root required>
              <Field.Label>
                Bio <Required />
              </Field.Label>
              <Textarea rows={3} value={form.bio} onChange={(e) => set('bio')(e.target.value)} maxLength={2000} />
            </Field.Root>
            <Field.Root>
              <Field.Label>Interests</Field.Label>
              <Input
                value={form.interests}
                onChange={(e) => set('interests')(e.target.value)}
                placeholder="hiking, braai, jazz"
              />
              <Field.HelperText>Separate interests with commas</Field.HelperText>
            </Field.Root>
            <PhotosPicker value={form.photos} onChange={set('photos')} max={limits.maxPhotos} />
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <Choice
                label={
                  <>
                    Looking For <Required />
                  </>
                }
                value={form.lookingFor}
                options={LOOKING_FOR}
                onChange={set('lookingFor')}
              />
              <Choice
                label={
                  <>
                    Gender <Required />
                  </>
                }
                value={form.gender}
                options={GENDERS}
                onChange={set('gender')}
              />
              <Choice
                label={
                  <>
                    Interested In <Required />
                  </>
                }
                value={form.interestedIn}
                options={INTERESTED_IN}
                onChange={set('interestedIn')}
              />
            </SimpleGrid>
            <SimpleGrid columns={2} gap="4">
              <Field.Root>
                <Field.Label>Minimum Age</Field.Label>
                <Input
                  type="number"
                  min={limits.minAge}
                  max={limits.maxAge}
                  value={form.minAge}
                  onChange={(e) => set('minAge')(e.target.value)}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Maximum Age</Field.Label>
                <Input
                  type="number"
                  min={limits.minAge}
                  max={limits.maxAge}
                  value={form.maxAge}
                  onChange={(e) => set('maxAge')(e.target.value)}
                />
              </Field.Root>
            </SimpleGrid>
            <Field.Root>
              <Field.Label>Search Radius: {form.radiusKm} km</Field.Label>
              <chakra.input
                type="range"
                w="full"
                accentColor="green.600"
                min={limits.minRadiusKm}
                max={limits.maxRadiusKm}
                step={limits.radiusStepKm}
                value={form.radiusKm}
                aria-label="Search radius in km"
                onChange={(e) => set('radiusKm')(Number(e.target.value))}
              />
            </Field.Root>
            <HStack justify="flex-end" gap="2">
              {onCancel && (
                <Button variant="outline" onClick={onCancel}>
                  Cancel
                </Button>
              )}
              <Button type="submit" colorPalette="green" loading={loading} loadingText="Saving..." disabled={!complete}>
                {alias ? 'Save Alias' : 'Create Alias'}
              </Button>
            </HStack>
          </Stack>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
