import { useState } from 'react';
import { Box, Button, Stack } from '@chakra-ui/react';
import { LuBookmarkCheck, LuBookmarkPlus } from 'react-icons/lu';
import { usePostCardSaveCheckinMutation, type PostCard_PostFragment } from '../../gql/graphql';
import { toaster } from '../../ui/toaster';
import { errorMessage } from '../../lib/errors';
import { mapEmbedUrl } from './postContent';

type CheckinPost = Pick<PostCard_PostFragment, 'id' | 'savedCheckinId'> & {
  location: string;
  latitude: number;
  longitude: number;
};

/** A check-in's map (zoom 15) and the 'Save to Things to do' button (spec 000 sections 2, 4 and 8). */
export function CheckinMap({ post }: { post: CheckinPost }) {
  // A CONFLICT ("already saved") means it is in the list even though this card did not know.
  const [alreadySaved, setAlreadySaved] = useState(false);
  const [saveCheckin, { loading }] = usePostCardSaveCheckinMutation();
  const saved = !!post.savedCheckinId || alreadySaved;

  const onSave = async () => {
    try {
      // Lists of saved places that are on screen (the feed's right column) pick the new one up.
      await saveCheckin({ variables: { postId: post.id }, refetchQueries: ['FeedSavedPlaces'] });
      toaster.create({ type: 'success', title: 'Saved', description: 'Check-in saved to your Things to do list.' });
    } catch (err) {
      if (errorMessage(err, '').toLowerCase().includes('already saved')) {
        setAlreadySaved(true);
        toaster.create({ type: 'info', title: 'Already saved', description: 'This check-in is already in your list.' });
      } else {
        toaster.create({ type: 'error', title: 'Error', description: 'Failed to save check-in.' });
      }
    }
  };

  return (
    <Stack gap="2" data-testid="checkin-map">
      <Box borderRadius="md" overflow="hidden" borderWidth="1px" h={{ base: '180px', md: '220px' }}>
        <iframe
          src={mapEmbedUrl(post.latitude, post.longitude)}
          title={`Map of ${post.location}`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
        />
      </Box>
      <Button
        size="sm"
        variant={saved ? 'subtle' : 'outline'}
        colorPalette="green"
        alignSelf="flex-start"
        disabled={saved}
        loading={loading}
        onClick={() => void onSave()}
      >
        {saved ? <LuBookmarkCheck aria-hidden /> : <LuBookmarkPlus aria-hidden />}
        {saved ? 'Saved' : 'Save to Things to do'}
      </Button>
    </Stack>
  );
}
