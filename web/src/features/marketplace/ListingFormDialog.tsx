import { useState } from 'react';
import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  type ListingCardFieldsFragment,
  useCreateListingMutation,
  useMarketplaceOptionsQuery,
  useUpdateListingMutation,
} from './marketplace.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame } from '../../ui/DialogFrame';
import { ImagePicker } from '../../ui/ImagePicker';
import { toaster } from '../../ui/toaster';
import { CATEGORIES, CONDITIONS, EMPTY_FORM, formErrors, type ListingForm, optionLabel, priceOf } from './listingText';

const Required = () => (
  <Text as="span" color="fg.error" aria-hidden>
    *
  </Text>
);

const formOf = (l: ListingCardFieldsFragment): ListingForm => ({
  name: l.name,
  price: String(l.price),
  condition: l.condition,
  category: l.category,
  description: l.description,
  locationName: l.locationName ?? '',
  image: l.imageUrl ?? '',
});

/**
 * The List Item form (spec 002 sections 2 and 5): name, price (a number), condition, category and description are
 * required, with the rule's message under the field once the member leaves it (or submits); an optional photo and
 * place name. The item is placed at `position` (the member's, or Cape Town). With `listing`, it edits that item.
 */
export function ListingFormDialog({
  position,
  listing,
  onClose,
  onSaved,
}: {
  position: { latitude: number; longitude: number };
  listing?: ListingCardFieldsFragment;
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const options = useMarketplaceOptionsQuery({ fetchPolicy: 'cache-first' }).data?.marketplaceOptions;
  const conditions = options?.conditions ?? CONDITIONS;
  const categories = options?.categories ?? CATEGORIES;
  const [form, setForm] = useState<ListingForm>(listing ? formOf(listing) : EMPTY_FORM);
  const [touched, setTouched] = useState<Partial<Record<keyof ListingForm, boolean>>>({});
  const [create, created] = useCreateListingMutation({
    refetchQueries: ['MarketplaceListings', 'MarketplaceListingCount'],
  });
  const [update, updated] = useUpdateListingMutation();
  const loading = created.loading || updated.loading;
  const errors = formErrors(form);
  const set = (key: keyof ListingForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const leave = (key: keyof ListingForm) => () => setTouched((t) => ({ ...t, [key]: true }));
  const shown = (key: keyof ListingForm) => (touched[key] ? errors[key] : undefined);

  const submit = async () => {
    if (Object.keys(errors).length) {
      setTouched({ name: true, price: true, condition: true, category: true, description: true });
      return;
    }
    const fields = {
      name: form.name.trim(),
      price: priceOf(form.price),
      condition: form.condition,
      category: form.category,
      description: form.description.trim(),
      locationName: form.locationName.trim() || null,
      image: form.image,
    };
    try {
      if (listing) {
        const r = await update({ variables: { id: listing.id, input: fields } });
        if (!r.data) return;
        toaster.create({
          type: 'success',
          title: 'Listing Updated',
          description: `${r.data.updateListing.name} has been updated.`,
        });
        onSaved?.(r.data.updateListing.id);
      } else {
        const r = await create({
          variables: {
            input: {
              ...fields,
              image: fields.image || null,
              latitude: position.latitude,
              longitude: position.longitude,
            },
          },
        });
        if (!r.data) return;
        toaster.create({
          type: 'success',
          title: 'Item Listed',
          description: `${r.data.createListing.name} is now on the marketplace.`,
        });
        onSaved?.(r.data.createListing.id);
      }
      onClose();
    } catch (err) {
      toaster.create({
        type: 'error',
        title: listing ? 'Could not update the listing' : 'Could not list the item',
        description: errorMessage(err),
      });
    }
  };

  const select = (key: 'condition' | 'category', label: string, values: readonly string[]) => (
    <Field.Root invalid={!!shown(key)}>
      <Field.Label>
        {label} <Required />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={form[key]}
          onChange={(e) => set(key)(e.currentTarget.value)}
          onBlur={leave(key)}
          data-testid={`listing-${key}`}
          aria-required
        >
          <option value="">Select {label.toLowerCase()}</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {optionLabel(v)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{shown(key)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <DialogFrame
      onClose={onClose}
      title={listing ? 'Edit Listing' : 'List an Item for Sale'}
      testId="listing-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="green" loading={loading} loadingText="Submitting...">
            {listing ? 'Save Changes' : 'List Item'}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Field.Root invalid={!!shown('name')}>
          <Field.Label>
            Item Name <Required />
          </Field.Label>
          <Input
            value={form.name}
            onChange={(e) => set('name')(e.target.value)}
            onBlur={leave('name')}
            maxLength={120}
            data-testid="listing-name"
            aria-required
          />
          <Field.ErrorText>{shown('name')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!shown('price')}>
          <Field.Label>
            Price (R) <Required />
          </Field.Label>
          <Input
            inputMode="decimal"
            value={form.price}
            onChange={(e) => set('price')(e.target.value)}
            onBlur={leave('price')}
            data-testid="listing-price"
            aria-required
          />
          <Field.ErrorText>{shown('price')}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {select('condition', 'Condition', conditions)}
          {select('category', 'Category', categories)}
        </SimpleGrid>
        <Field.Root invalid={!!shown('description')}>
          <Field.Label>
            Description <Required />
          </Field.Label>
          <Textarea
            rows={4}
            value={form.description}
            onChange={(e) => set('description')(e.target.value)}
            onBlur={leave('description')}
            maxLength={2000}
            data-testid="listing-description"
            aria-required
          />
          <Field.ErrorText>{shown('description')}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Location</Field.Label>
          <Input
            value={form.locationName}
            onChange={(e) => set('locationName')(e.target.value)}
            maxLength={120}
            placeholder="e.g. Sea Point, Cape Town"
            data-testid="listing-location"
          />
          <Field.HelperText>
            The item is placed at your current location; name the area buyers will see.
          </Field.HelperText>
        </Field.Root>
        <ImagePicker
          label="Photo"
          hint="JPEG, PNG, GIF, WebP or AVIF, up to 5 MB"
          aspect="square"
          value={form.image}
          onChange={set('image')}
          testId="listing-photo-input"
        />
      </Stack>
    </DialogFrame>
  );
}
