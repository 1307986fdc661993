import { useEffect, useRef, useState } from 'react';
import { Box, Button, Field, HStack, NativeSelect, SimpleGrid, Slider, Stack, Text } from '@chakra-ui/react';
import { LuPlus, LuShoppingBag } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import {
  type ListingCardFieldsFragment,
  useMarketplaceListingCountQuery,
  useMarketplaceListingsQuery,
  useMarketplaceOptionsQuery,
} from './marketplace.generated';
import { EmptyNotice, LoadError, LoadMoreFooter } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { toaster } from '../../ui/toaster';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { canLocate, usePosition } from '../../lib/position';
import { ListingCard, ListingCardSkeleton } from './ListingCard';
import { ListingDetailDialog } from './ListingDetailDialog';
import { ListingFormDialog } from './ListingFormDialog';
import { CATEGORIES, categoryFrom, countLine, optionLabel, RADIUS, radiusFrom } from './listingText';

export const MARKETPLACE_PAGE_SIZE = 12;

/**
 * /marketplace (spec 002 section 2): List Item, a category filter and a radius slider (1 to 50 km, default 10) kept
 * in the URL, "Showing X of Y items", the items nearest first page by page, and an item's detail (`?item=`). The
 * position is the browser's, or Cape Town with the spec's 'Location Error' toast.
 */
export default function MarketplaceScreen() {
  const [params, setParams] = useSearchParams();
  const options = useMarketplaceOptionsQuery({ fetchPolicy: 'cache-first' }).data?.marketplaceOptions;
  const range = options
    ? {
        min: options.minRadiusKm,
        max: options.maxRadiusKm,
        step: options.radiusStepKm,
        default: options.defaultRadiusKm,
      }
    : RADIUS;
  const categories = options?.categories ?? CATEGORIES;
  const radiusKm = radiusFrom(params.get('radius'), range);
  const category = categoryFrom(params.get('category'), categories);
  const itemId = params.get('item');
  // The slider moves freely; the list follows when it is let go (or a key sets it).
  const [sliding, setSliding] = useState<number | null>(null);
  const [form, setForm] = useState<{ listing?: ListingCardFieldsFragment } | null>(null);

  const position = usePosition();
  const told = useRef(false);
  useEffect(() => {
    if (position?.source !== 'fallback' || told.current) return;
    told.current = true;
    if (!canLocate()) {
      toaster.create({
        type: 'error',
        title: 'Geolocation Not Supported',
        description: 'Unable to get your location. Using default location.',
      });
    } else {
      toaster.create({
        type: 'error',
        title: 'Location Error',
        description: 'Unable to get your location. Using default location.',
      });
    }
  }, [position?.source]);

  const { data, loading, error, refetch, fetchMore } = useMarketplaceListingsQuery({
    variables: {
      latitude: position?.latitude ?? 0,
      longitude: position?.longitude ?? 0,
      radiusKm,
      category,
      first: MARKETPLACE_PAGE_SIZE,
    },
    skip: !position,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const counted = useMarketplaceListingCountQuery({
    variables: { latitude: position?.latitude ?? 0, longitude: position?.longitude ?? 0, radiusKm, category },
    skip: !position,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const total = counted.data?.marketplaceListingCount;
  const connection = data?.marketplaceListings;
  const paging = usePagedConnection({ connection, fetchMore });

  const update = (change: (p: URLSearchParams) => void, replace = true) => {
    const next = new URLSearchParams(params);
    change(next);
    setParams(next, { replace });
  };
  const setRadius = (km: number) =>
    update((p) => (km === range.default ? p.delete('radius') : p.set('radius', String(km))));
  const setCategory = (c: string) => update((p) => (c ? p.set('category', c) : p.delete('category')));
  const openItem = (id: string) => update((p) => p.set('item', id), false);
  const closeItem = () => update((p) => p.delete('item'));

  return (
    <Screen
      title="Marketplace"
      description="Buy and sell locally with other members of the community."
      actions={
        <Button
          colorPalette="green"
          w={{ base: 'full', md: 'auto' }}
          minH="11"
          disabled={!position}
          onClick={() => setForm({})}
          data-testid="list-item"
        >
          <LuPlus aria-hidden />
          List Item
        </Button>
      }
    >
      <Stack gap="4">
        <HStack gap="6" align="end" flexWrap="wrap" borderWidth="1px" borderRadius="lg" p="4">
          <Field.Root w={{ base: 'full', sm: '56' }}>
            <Field.Label>Category</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={category ?? ''}
                onChange={(e) => setCategory(e.currentTarget.value)}
                data-testid="category-filter"
              >
                <option value="">All Categories</option>
                {categories.map((c) => (
                  <option key={c} value={c}>
                    {optionLabel(c)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Box flex="1" minW={{ base: 'full', sm: '64' }}>
            <Slider.Root
              min={range.min}
              max={range.max}
              step={range.step}
              value={[sliding ?? radiusKm]}
              onValueChange={(e) => setSliding(e.value[0])}
              onValueChangeEnd={(e) => {
                setSliding(null);
                setRadius(e.value[0]);
              }}
              colorPalette="green"
              data-testid="radius-slider"
            >
              <HStack justify="space-between">
                <Slider.Label>Distance</Slider.Label>
                <Text fontSize="sm" color="fg.muted" data-testid="radius-value">
                  {sliding ?? radiusKm} km
                </Text>
              </HStack>
              <Slider.Control py="3">
                <Slider.Track>
                  <Slider.Range />
                </Slider.Track>
                <Slider.Thumbs />
              </Slider.Control>
            </Slider.Root>
          </Box>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {!position
            ? 'Finding your location...'
            : position.source === 'browser'
              ? 'Distances from your location'
              : 'Distances from Cape Town (your location is not available)'}
        </Text>

        {connection && total != null && (
          <Text role="status" fontWeight="medium" data-testid="marketplace-count">
            {countLine(paging.nodes.length, total)}
          </Text>
        )}

        {error && !connection ? (
          <LoadError title="The marketplace could not be loaded." error={error} onRetry={() => refetch()} />
        ) : !connection && (loading || !position) ? (
          <SimpleGrid
            columns={{ base: 2, md: 3, lg: 4 }}
            gap="4"
            role="status"
            aria-busy="true"
            aria-label="Loading items"
          >
            {Array.from({ length: 8 }, (_, i) => (
              <ListingCardSkeleton key={i} />
            ))}
          </SimpleGrid>
        ) : paging.nodes.length === 0 ? (
          <EmptyNotice
            icon={<LuShoppingBag />}
            title="No items found"
            description={
              category
                ? 'Try another category or a larger distance, or list an item yourself.'
                : 'Try a larger distance, or list an item yourself.'
            }
            testId="marketplace-empty"
          />
        ) : (
          <>
            <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap="4" data-testid="marketplace-list">
              {paging.nodes.map((l) => (
                <ListingCard key={l.id} listing={l} onOpen={() => openItem(l.id)} />
              ))}
            </SimpleGrid>
            <Box ref={paging.sentinelRef} />
            <LoadMoreFooter
              hasNextPage={paging.hasNextPage}
              paging={paging}
              failedText="More items could not be loaded."
              loadingText="Loading more items..."
            />
          </>
        )}
      </Stack>
      {itemId && !form && (
        <ListingDetailDialog key={itemId} id={itemId} onClose={closeItem} onEdit={(listing) => setForm({ listing })} />
      )}
      {form && position && (
        <ListingFormDialog
          position={position}
          listing={form.listing}
          onClose={() => setForm(null)}
          onSaved={(id) => {
            if (!form.listing) void Promise.all([refetch(), counted.refetch()]);
            else openItem(id);
          }}
        />
      )}
    </Screen>
  );
}
