import { useState } from 'react';
import { Alert, Button, SimpleGrid, Text } from '@chakra-ui/react';
import { FaFacebook, FaInstagram, FaWhatsapp } from 'react-icons/fa';
import { LuCopy } from 'react-icons/lu';
import { usePostCardShareMutation } from './share.generated';
import { type ShareTarget } from '../../gql/graphql';
import { DialogFrame } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';
import { facebookShareUrl, postShareUrl, shareText, whatsAppShareUrl } from './postContent';

const INSTAGRAM_UNSUPPORTED =
  'Instagram does not support direct sharing from the web. Copy the link and share it in the Instagram app.';

/** The 'Share Post' dialog: messaging app, social network, photo network and Copy URL (spec 000 section 4). */
export function ShareDialog({
  post,
  open,
  onOpenChange,
}: {
  post: { id: string; content?: string | null };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [instagramNote, setInstagramNote] = useState(false);
  const [sharePost] = usePostCardShareMutation();
  const url = postShareUrl(post.id);
  const text = shareText(post.content);

  // Counting a share must never stand in the way of sharing.
  const count = (target: ShareTarget) => {
    sharePost({ variables: { id: post.id, target } }).catch(() => undefined);
  };

  const close = () => {
    setInstagramNote(false);
    onOpenChange(false);
  };

  const onWhatsApp = () => {
    count('messaging');
    window.open(whatsAppShareUrl(text, url), '_blank', 'noopener,noreferrer');
    close();
  };
  const onFacebook = () => {
    count('social');
    window.open(facebookShareUrl(url, text), '_blank', 'noopener,noreferrer');
    close();
  };
  // The photo network cannot share from the web: its button only explains that, and counts no share.
  const onInstagram = () => setInstagramNote(true);
  const onCopy = async () => {
    count('link');
    try {
      await navigator.clipboard.writeText(url);
      toaster.create({ type: 'success', title: 'Link Copied', description: 'Post link has been copied to clipboard.' });
      close();
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: `Could not copy the link: ${url}` });
    }
  };

  return (
    <DialogFrame open={open} onClose={close} title="Share Post" testId="share-dialog" size="sm">
      <SimpleGrid columns={2} gap="3">
        <Button variant="outline" onClick={onWhatsApp}>
          <FaWhatsapp aria-hidden color="#25D366" />
          WhatsApp
        </Button>
        <Button variant="outline" onClick={onFacebook}>
          <FaFacebook aria-hidden color="#1877F2" />
          Facebook
        </Button>
        <Button variant="outline" onClick={onInstagram}>
          <FaInstagram aria-hidden color="#E4405F" />
          Instagram
        </Button>
        <Button variant="outline" onClick={() => void onCopy()}>
          <LuCopy aria-hidden />
          Copy URL
        </Button>
      </SimpleGrid>
      {instagramNote && (
        <Alert.Root status="info" mt="4" role="status" size="sm">
          <Alert.Indicator />
          <Alert.Title>
            <Text as="span" fontWeight="normal">
              {INSTAGRAM_UNSUPPORTED}
            </Text>
          </Alert.Title>
        </Alert.Root>
      )}
    </DialogFrame>
  );
}
