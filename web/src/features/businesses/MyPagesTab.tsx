import { useState } from 'react';
import { Box, Button, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuPencil, LuStore, LuTrash2 } from 'react-icons/lu';
import {
  useDeleteBusinessPageMutation,
  useMyBusinessPagesQuery,
  type BusinessCardFieldsFragment,
} from './business.generated';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyNotice, LoadError, LoadMoreFooter } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { BusinessCard, BusinessCardSkeleton } from './BusinessCard';
import { BusinessFormDialog } from './BusinessFormDialog';

export const MY_PAGES_PAGE_SIZE = 20;

function DeleteDialog({ page, onClose }: { page: BusinessCardFieldsFragment; onClose: () => void }) {
  const [remove, { loading }] = useDeleteBusinessPageMutation();
  const onDelete = async () => {
    try {
      await remove({ variables: { id: page.id }, refetchQueries: ['MyBusinessPages', 'BusinessDirectory'] });
      toaster.create({
        type: 'success',
        title: 'Business Page Deleted',
        description: `${page.name} has been deleted.`,
      });
      onClose();
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to delete business page' });
    }
  };
  return (
    <ConfirmDialog
      title="Delete Business Page"
      testId="delete-business-dialog"
      onClose={onClose}
      confirmLabel="Delete"
      loading={loading}
      onConfirm={() => void onDelete()}
    >
      <Text>Are you sure you want to delete this business page?</Text>
    </ConfirmDialog>
  );
}

/** My Business Pages: the count, Create Business Page, and the member's pages with edit and delete. */
export function MyPagesTab({ onView }: { onView: (name: string) => void }) {
  const { data, loading, error, refetch, fetchMore } = useMyBusinessPagesQuery({
    variables: { first: MY_PAGES_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const connection = data?.myBusinessPages;
  const paging = usePagedConnection({ connection, fetchMore });
  const [editing, setEditing] = useState<BusinessCardFieldsFragment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BusinessCardFieldsFragment | null>(null);
  const count = paging.nodes.length;

  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Text fontWeight="medium" data-testid="my-pages-count">
          {connection ? `${count}${paging.hasNextPage ? '+' : ''} business page${count === 1 ? '' : 's'}` : ''}
        </Text>
        <Button colorPalette="green" onClick={() => setEditing('new')} w={{ base: 'full', sm: 'auto' }} minH="11">
          Create Business Page
        </Button>
      </HStack>
      {error && !connection ? (
        <LoadError title="Your business pages could not be loaded." error={error} onRetry={() => refetch()} />
      ) : !connection && loading ? (
        <SimpleGrid
          columns={{ base: 1, sm: 2, lg: 3 }}
          gap="4"
          role="status"
          aria-busy="true"
          aria-label="Loading your business pages"
        >
          {Array.from({ length: 3 }, (_, i) => (
            <BusinessCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : count === 0 ? (
        <EmptyNotice
          icon={<LuStore />}
          title="No business pages yet"
          description="Create a page for your business so members can find, follow and review it."
          testId="my-pages-empty"
        />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" data-testid="my-pages-list">
            {paging.nodes.map((b) => (
              <BusinessCard
                key={b.id}
                business={b}
                onView={() => onView(b.name)}
                actions={
                  <HStack gap="1">
                    <IconButton
                      variant="outline"
                      size="sm"
                      minH="11"
                      minW="11"
                      aria-label={`Edit ${b.name}`}
                      onClick={() => setEditing(b)}
                    >
                      <LuPencil />
                    </IconButton>
                    <IconButton
                      variant="outline"
                      colorPalette="red"
                      size="sm"
                      minH="11"
                      minW="11"
                      aria-label={`Delete ${b.name}`}
                      onClick={() => setDeleting(b)}
                    >
                      <LuTrash2 />
                    </IconButton>
                  </HStack>
                }
              />
            ))}
          </SimpleGrid>
          <Box ref={paging.sentinelRef} />
          <LoadMoreFooter
            hasNextPage={paging.hasNextPage}
            paging={paging}
            failedText="More pages could not be loaded."
            loadingText="Loading more pages..."
          />
        </>
      )}
      {editing && (
        <BusinessFormDialog page={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && <DeleteDialog page={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
