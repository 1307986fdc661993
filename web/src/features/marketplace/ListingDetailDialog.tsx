import { useState } from 'react';
import { Badge, Box, Button, Center, DataList, HStack, SegmentGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuMessageCircle, LuPencil, LuTrash2 } from 'react-icons/lu';
import {
  useDeleteListingMutation,
  useMarketplaceListingQuery,
  useSetListingStatusMutation,
  type ListingCardFieldsFragment,
} from './marketplace.generated';
import { formatDistanceKm } from '../../lib/distance';
import { errorMessage } from '../../lib/errors';
import { formatRand } from '../../lib/money';
import { DialogFrame } from '../../ui/DialogFrame';
import { ReportButton } from '../../ui/Report';
import { LoadError } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { UserAvatar } from '../../ui/UserAvatar';
import { useStartConversation } from '../messages';
import { ListingPhoto, StatusBadge } from './ListingCard';
import { optionLabel, STATUSES, type Status } from './listingText';

/** The owner's status control (spec 002 section 4): available, pending, sold; each change toasts 'Status Updated'. */
function StatusControl({ listing }: { listing: ListingCardFieldsFragment }) {
  const [setStatus, { loading }] = useSetListingStatusMutation();
  const change = async (status: Status) => {
    if (status === listing.status) return;
    try {
      await setStatus({ variables: { id: listing.id, status: status as never } });
      toaster.create({
        type: 'success',
        title: 'Status Updated',
        description: `${listing.name} is now marked as ${status}.`,
      });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to update status') });
    }
  };
  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm" id="listing-status-label">
        Status
      </Text>
      <SegmentGroup.Root
        value={listing.status}
        onValueChange={(e) => e.value && void change(e.value as Status)}
        disabled={loading}
        aria-labelledby="listing-status-label"
        data-testid="listing-status-control"
        size="md"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={STATUSES.map((s) => ({ value: s, label: optionLabel(s) }))} minH="11" />
      </SegmentGroup.Root>
    </Stack>
  );
}

/**
 * An item's detail (spec 002 section 2): the photo, price, details and seller. The seller changes the status, edits
 * or deletes it; anyone else may Message Seller while it is available, which opens a conversation about it.
 */
export function ListingDetailDialog({
  id,
  onClose,
  onEdit,
}: {
  id: string;
  onClose: () => void;
  onEdit: (listing: ListingCardFieldsFragment) => void;
}) {
  const { data, loading, error, refetch } = useMarketplaceListingQuery({
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const listing = data?.marketplaceListing;
  const messaging = useStartConversation();
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useDeleteListingMutation({
    refetchQueries: ['MarketplaceListings', 'MarketplaceListingCount'],
  });

  const messageSeller = async () => {
    if (!listing) return;
    try {
      await messaging.start({ listingId: listing.id });
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to message the seller') });
    }
  };
  const deleteIt = async () => {
    if (!listing) return;
    try {
      await remove({ variables: { id: listing.id } });
      toaster.create({ type: 'success', title: 'Listing Deleted', description: `${listing.name} has been removed.` });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to delete listing') });
    }
  };

  return (
    <DialogFrame onClose={onClose} title={listing?.name ?? 'Item'} testId="listing-detail">
      {!listing && loading ? (
        <Center py="10">
          <Spinner role="status" aria-label="Loading item" />
        </Center>
      ) : error && !listing ? (
        <LoadError title="The item could not be loaded." error={error} onRetry={() => refetch()} />
      ) : !listing ? (
        <Text color="fg.muted">This item is no longer listed.</Text>
      ) : (
        <Stack gap="4">
          <ListingPhoto listing={listing} full />
          <HStack justify="space-between" align="center" flexWrap="wrap" gap="2">
            <Text fontSize="2xl" fontWeight="bold" data-testid="listing-price-text">
              {formatRand(listing.price)}
            </Text>
            <StatusBadge status={listing.status} />
          </HStack>
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>Condition</DataList.ItemLabel>
              <DataList.ItemValue>{optionLabel(listing.condition)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Category</DataList.ItemLabel>
              <DataList.ItemValue>
                <Badge variant="subtle">{optionLabel(listing.category)}</Badge>
              </DataList.ItemValue>
            </DataList.Item>
            {(listing.locationName || listing.distanceKm != null) && (
              <DataList.Item>
                <DataList.ItemLabel>Location</DataList.ItemLabel>
                <DataList.ItemValue>
                  {[listing.locationName, listing.distanceKm != null ? formatDistanceKm(listing.distanceKm) : null]
                    .filter(Boolean)
                    .join(' · ')}
                </DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
          <Text whiteSpace="pre-wrap">{listing.description}</Text>
          {listing.seller && (
            <HStack gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="listing-seller">
              <UserAvatar user={listing.seller} size="md" />
              <Stack gap="0">
                <Text fontSize="xs" color="fg.muted">
                  Seller
                </Text>
                <Text fontWeight="medium">
                  {listing.viewerCanManage ? `${listing.seller.displayName} (you)` : listing.seller.displayName}
                </Text>
              </Stack>
            </HStack>
          )}
          {listing.viewerCanManage ? (
            <Stack gap="3">
              <StatusControl listing={listing} />
              <HStack gap="2" flexWrap="wrap">
                <Button variant="outline" minH="11" onClick={() => onEdit(listing)}>
                  <LuPencil aria-hidden /> Edit
                </Button>
                {confirming ? (
                  <HStack gap="2" role="alertdialog" aria-label="Confirm delete" flexWrap="wrap">
                    <Text fontSize="sm">Are you sure you want to delete this listing?</Text>
                    <Button colorPalette="red" minH="11" loading={removing.loading} onClick={() => void deleteIt()}>
                      Delete
                    </Button>
                    <Button variant="ghost" minH="11" onClick={() => setConfirming(false)}>
                      Cancel
                    </Button>
                  </HStack>
                ) : (
                  <Button variant="outline" colorPalette="red" minH="11" onClick={() => setConfirming(true)}>
                    <LuTrash2 aria-hidden /> Delete
                  </Button>
                )}
              </HStack>
            </Stack>
          ) : listing.viewerCanMessageSeller ? (
            <Button
              colorPalette="green"
              minH="11"
              loading={messaging.loading}
              onClick={() => void messageSeller()}
              data-testid="message-seller"
            >
              <LuMessageCircle aria-hidden /> Message Seller
            </Button>
          ) : (
            <Text color="fg.muted" fontSize="sm">
              This item is {listing.status}: the seller is not taking messages about it.
            </Text>
          )}
          {!listing.viewerCanManage && (
            <Box alignSelf="flex-start">
              <ReportButton kind="listing" subjectId={listing.id} variant="text" label="Report listing" />
            </Box>
          )}
        </Stack>
      )}
    </DialogFrame>
  );
}
