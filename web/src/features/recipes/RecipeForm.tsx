import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Card,
  chakra,
  Field,
  Heading,
  HStack,
  IconButton,
  Image,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { LuImagePlus, LuX } from 'react-icons/lu';
import { useCreateRecipeMutation } from './recipes.generated';
import { errorMessage } from '../../lib/errors';
import { checkImageFile, readFileAsDataUrl } from '../../lib/files';
import { toaster } from '../../ui/toaster';
import { useUploadLimits } from '../../ui/useAppConfig';
import { POST_FAILED_TITLE, postFailureText, withinPhotoLimit } from './recipeText';

const EMPTY = { recipeName: '', prepTime: '', servings: '', ingredients: '', instructions: '' };
type Texts = typeof EMPTY;
const LABELS: Record<keyof Texts, string> = {
  recipeName: 'Recipe Name',
  prepTime: 'Prep Time',
  servings: 'Servings',
  ingredients: 'Ingredients (one per line)',
  instructions: 'Instructions (one step per line)',
};
/** The spec's limit (002 section 9), until appConfig has answered. */
const DEFAULT_MAX_PHOTOS = 5;

/** 'Share Your Recipe' (spec 002 sections 2 and 5): five required texts and up to five photos, images only. */
export function RecipeForm({ onDone }: { onDone: () => void }) {
  const [texts, setTexts] = useState<Texts>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof Texts, boolean>>>({});
  const [photos, setPhotos] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const limits = useUploadLimits();
  const maxPhotos = limits?.recipeMaxImages ?? DEFAULT_MAX_PHOTOS;
  const [create, { loading }] = useCreateRecipeMutation({ refetchQueries: ['Recipes'], awaitRefetchQueries: true });
  const missing = (Object.keys(EMPTY) as Array<keyof Texts>).filter((k) => !texts[k].trim());

  const pick = async (files: FileList | null) => {
    if (!files) return;
    const accepted: string[] = [];
    for (const file of Array.from(files).slice(0, Math.max(0, maxPhotos - photos.length))) {
      const problem = limits ? checkImageFile(file, limits) : null;
      if (problem) {
        toaster.create({ type: 'error', title: problem.title, description: problem.description });
        continue;
      }
      accepted.push(await readFileAsDataUrl(file));
    }
    setPhotos((current) => withinPhotoLimit(current, accepted, maxPhotos));
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async () => {
    setTouched({ recipeName: true, prepTime: true, servings: true, ingredients: true, instructions: true });
    if (missing.length) return;
    try {
      await create({ variables: { input: { ...texts, images: photos } } });
      setTexts(EMPTY);
      setPhotos([]);
      setTouched({});
      onDone();
    } catch (err) {
      toaster.create({ type: 'error', title: POST_FAILED_TITLE, description: postFailureText(errorMessage(err, '')) });
    }
  };

  const field = (key: keyof Texts, multiline: boolean) => (
    <Field.Root key={key} required invalid={!!touched[key] && !texts[key].trim()}>
      <Field.Label>
        {LABELS[key]} <Field.RequiredIndicator />
      </Field.Label>
      {multiline ? (
        <Textarea
          rows={4}
          value={texts[key]}
          onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, [key]: true }))}
        />
      ) : (
        <Input
          value={texts[key]}
          maxLength={key === 'recipeName' ? 200 : 100}
          onChange={(e) => setTexts((t) => ({ ...t, [key]: e.target.value }))}
          onBlur={() => setTouched((t) => ({ ...t, [key]: true }))}
        />
      )}
      <Field.ErrorText>{LABELS[key].replace(/ \(.*\)$/, '')} is required</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Card.Root data-testid="recipe-form">
      <chakra.form
        display="contents"
        aria-labelledby="share-recipe-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Card.Body gap="4">
          <Heading as="h2" size="lg" id="share-recipe-title">
            Share Your Recipe
          </Heading>
          {field('recipeName', false)}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {field('prepTime', false)}
            {field('servings', false)}
          </SimpleGrid>
          {field('ingredients', true)}
          {field('instructions', true)}
          <Stack gap="2">
            <Text fontWeight="medium" fontSize="sm">
              Photos ({photos.length}/{maxPhotos})
            </Text>
            <HStack gap="2" wrap="wrap">
              {photos.map((src, i) => (
                <Box key={i} position="relative" w="20" h="20" borderRadius="md" overflow="hidden" borderWidth="1px">
                  <Image src={src} alt={`Photo ${i + 1} preview`} w="full" h="full" objectFit="cover" />
                  <IconButton
                    aria-label={`Remove photo ${i + 1}`}
                    size="2xs"
                    position="absolute"
                    top="1"
                    right="1"
                    variant="solid"
                    onClick={() => setPhotos((p) => p.filter((_, j) => j !== i))}
                  >
                    <LuX />
                  </IconButton>
                </Box>
              ))}
            </HStack>
            <chakra.input
              ref={fileInput}
              type="file"
              accept="image/*"
              multiple
              display="none"
              data-testid="recipe-photos-input"
              disabled={photos.length >= maxPhotos}
              onChange={(e) => void pick(e.target.files)}
            />
            <Button
              alignSelf="flex-start"
              variant="outline"
              size="sm"
              minH="11"
              disabled={photos.length >= maxPhotos}
              onClick={() => fileInput.current?.click()}
            >
              <LuImagePlus aria-hidden />
              Add Photos
            </Button>
          </Stack>
          <HStack justify="flex-end" gap="2">
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" colorPalette="green" loading={loading} loadingText="Submitting...">
              Share Recipe
            </Button>
          </HStack>
        </Card.Body>
      </chakra.form>
    </Card.Root>
  );
}
