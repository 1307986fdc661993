import { useState } from 'react';
import { Alert, Button, SimpleGrid, Text } from '@chakra-ui/react';
import { FaFacebook, FaInstagram, FaWhatsapp } from 'react-icons/fa';
import { LuCopy } from 'react-icons/lu';
import { DialogFrame } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';
import { jobShareUrl, jobWhatsAppText } from './jobText';

const INSTAGRAM_NOTICE =
  'Instagram does not support direct sharing from the web. Copy the link and share it in the Instagram app.';

/** The job share dialog (spec 001 section 2.4): WhatsApp, Facebook, Instagram's notice and Copy URL. */
export function JobShareDialog({
  job,
  onClose,
}: {
  job: { id: string; title: string; company: string; description: string };
  onClose: () => void;
}) {
  const [instagram, setInstagram] = useState(false);
  const url = jobShareUrl(job.id);
  const open = (href: string) => {
    window.open(href, '_blank', 'noopener,noreferrer');
    onClose();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toaster.success({ title: 'Link Copied', description: 'Job link has been copied to clipboard.' });
      onClose();
    } catch {
      toaster.error({ title: 'Error', description: `Could not copy the link: ${url}` });
    }
  };
  return (
    <DialogFrame onClose={onClose} title="Share Job" testId="job-share-dialog" size="sm">
      <SimpleGrid columns={2} gap="3">
        <Button
          variant="outline"
          onClick={() => open(`https://wa.me/?text=${encodeURIComponent(jobWhatsAppText(job))}`)}
        >
          <FaWhatsapp aria-hidden color="#25D366" />
          WhatsApp
        </Button>
        <Button
          variant="outline"
          onClick={() => open(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`)}
        >
          <FaFacebook aria-hidden color="#1877F2" />
          Facebook
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setInstagram(true);
            toaster.info({ title: 'Instagram Sharing', description: INSTAGRAM_NOTICE });
          }}
        >
          <FaInstagram aria-hidden color="#E4405F" />
          Instagram
        </Button>
        <Button variant="outline" onClick={() => void copy()}>
          <LuCopy aria-hidden />
          Copy URL
        </Button>
      </SimpleGrid>
      {instagram && (
        <Alert.Root status="info" mt="4" role="status" size="sm">
          <Alert.Indicator />
          <Alert.Title>
            <Text as="span" fontWeight="normal">
              {INSTAGRAM_NOTICE}
            </Text>
          </Alert.Title>
        </Alert.Root>
      )}
    </DialogFrame>
  );
}
