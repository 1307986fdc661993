import { useState, type ReactNode } from 'react';
import { AspectRatio, Box, Button, Center, HStack, Image, Link, Stack, Tabs, Text, Wrap } from '@chakra-ui/react';
import { LuCalendar, LuClapperboard, LuMail, LuMessageCircle, LuNewspaper, LuPhone, LuUsers } from 'react-icons/lu';
import { useBusinessByNameQuery, type BusinessByNameQuery } from './business.generated';
import { drivingDirectionsUrl } from '../../lib/maps';
import { DialogFrame } from '../../ui/DialogFrame';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { BusinessJobsTab } from '../jobs';
import { BusinessFormDialog } from './BusinessFormDialog';
import { CustomizeDialog } from './CustomizeDialog';
import { contactLinks } from './links';
import { ReviewDialog } from './ReviewDialog';
import { ReviewsTab } from './ReviewsTab';
import { StarRating } from './StarRating';
import { useFollow } from './useFollow';

type Page = NonNullable<BusinessByNameQuery['businessByName']>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="0.5">
      <Text fontWeight="semibold" fontSize="sm">
        {title}
      </Text>
      <Box fontSize="sm" color="fg.muted">
        {children}
      </Box>
    </Stack>
  );
}

/** A contact button in the page's own colours; disabled when the page has no target for it. */
function ContactButton({
  href,
  icon,
  children,
  page,
  external,
}: {
  href: string | null;
  icon: ReactNode;
  children: string;
  page: Page;
  external?: boolean;
}) {
  if (!href) {
    return (
      <Button size="sm" disabled minH="11" aria-label={`${children} (not available)`}>
        {icon}
        {children}
      </Button>
    );
  }
  return (
    <Button asChild size="sm" minH="11" style={{ background: page.buttonColor, color: page.buttonTextColor }}>
      <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {icon}
        {children}
      </a>
    </Button>
  );
}

function FollowButton({ page }: { page: Page }) {
  const { toggle, busy } = useFollow(page);
  return (
    <Button
      loading={busy}
      aria-pressed={page.viewerFollows}
      onClick={() => void toggle()}
      variant={page.viewerFollows ? 'subtle' : 'solid'}
      style={page.viewerFollows ? undefined : { background: page.buttonColor, color: page.buttonTextColor }}
    >
      {page.viewerFollows ? 'Following' : 'Follow'}
    </Button>
  );
}

const EMPTY_TABS = {
  reels: { icon: <LuClapperboard />, title: 'No reels yet', description: 'Maximum reel length: 30 seconds' },
  posts: { icon: <LuNewspaper />, title: 'No posts yet', description: 'Posts from this business will appear here.' },
  events: {
    icon: <LuCalendar />,
    title: 'No events yet',
    description: 'Events hosted by this business will appear here.',
  },
  groups: { icon: <LuUsers />, title: 'No groups yet', description: 'Groups run by this business will appear here.' },
} as const;

function DetailBody({
  page,
  onManage,
  onCustomize,
  onReview,
  shownReviewId,
}: {
  page: Page;
  onManage: () => void;
  onCustomize: () => void;
  onReview: () => void;
  shownReviewId?: string | null;
}) {
  const links = contactLinks(page);
  return (
    <Stack gap="4">
      <Box position="relative" mb="8" borderRadius="md" overflow="visible">
        <AspectRatio ratio={820 / 312}>
          {page.coverPhotoUrl ? (
            <Image src={page.coverPhotoUrl} alt={`${page.name} cover`} objectFit="cover" />
          ) : (
            <Box bg="bg.emphasized" />
          )}
        </AspectRatio>
        <Box
          position="absolute"
          left={{ base: '4', md: '6' }}
          bottom="-8"
          p="1"
          borderRadius="full"
          style={{ background: page.gradientBorder }}
          data-testid="business-logo-ring"
        >
          <Center boxSize="20" borderRadius="full" bg="bg" overflow="hidden" fontWeight="bold" fontSize="2xl">
            {page.imageUrl ? (
              <Image src={page.imageUrl} alt={`${page.name} logo`} w="full" h="full" objectFit="cover" />
            ) : (
              page.name.slice(0, 1).toUpperCase()
            )}
          </Center>
        </Box>
      </Box>
      <Stack gap="1">
        <HStack gap="3" flexWrap="wrap">
          <StarRating rating={page.rating} reviewCount={page.reviewCount} size="md" />
          <Text color="fg.muted">{page.category}</Text>
          <Text color="fg.muted" fontSize="sm">
            {page.followerCount} follower{page.followerCount === 1 ? '' : 's'}
          </Text>
        </HStack>
      </Stack>
      <Wrap gap="2">
        <ContactButton href={links.email} icon={<LuMail />} page={page}>
          Email
        </ContactButton>
        <ContactButton href={links.call} icon={<LuPhone />} page={page}>
          Call
        </ContactButton>
        <ContactButton href={links.whatsapp} icon={<LuMessageCircle />} page={page} external>
          WhatsApp
        </ContactButton>
        {page.viewerCanManage && (
          <>
            <Button size="sm" minH="11" variant="outline" onClick={onManage}>
              Manage Page
            </Button>
            <Button size="sm" minH="11" variant="outline" onClick={onCustomize}>
              Customize Colors
            </Button>
          </>
        )}
        {page.viewerCanReview && (
          <Button size="sm" minH="11" variant="outline" onClick={onReview}>
            Write a Review
          </Button>
        )}
      </Wrap>
      <Stack gap="3">
        {page.description && <Section title="About">{page.description}</Section>}
        {page.industry && <Section title="Industry">{page.industry}</Section>}
        {page.openHours && <Section title="Open Hours">{page.openHours}</Section>}
        {page.address && (
          <Section title="Address">
            <Link href={drivingDirectionsUrl(page.address)} target="_blank" rel="noopener noreferrer">
              {page.address}
            </Link>
          </Section>
        )}
        {page.website && (
          <Section title="Website">
            <Link href={page.website} target="_blank" rel="noopener noreferrer">
              {page.website.replace(/^https?:\/\//, '')}
            </Link>
          </Section>
        )}
      </Stack>
      <Tabs.Root defaultValue="reviews" variant="line" lazyMount unmountOnExit>
        <Tabs.List overflowX="auto" flexWrap="nowrap">
          {['Reels', 'Posts', 'Reviews', 'Events', 'Jobs', 'Groups'].map((t) => (
            <Tabs.Trigger key={t} value={t.toLowerCase()}>
              {t}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(Object.keys(EMPTY_TABS) as Array<keyof typeof EMPTY_TABS>).map((key) => (
          <Tabs.Content key={key} value={key}>
            <EmptyNotice {...EMPTY_TABS[key]} />
          </Tabs.Content>
        ))}
        <Tabs.Content value="reviews">
          <ReviewsTab
            businessId={page.id}
            canReview={page.viewerCanReview}
            onAdd={onReview}
            shownReviewId={shownReviewId}
          />
        </Tabs.Content>
        <Tabs.Content value="jobs">
          <BusinessJobsTab businessId={page.id} businessName={page.name} isOwner={page.viewerCanManage} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

/** The business detail dialog (spec 001 section 2.2), for the page with exactly this name. */
export function BusinessDetailDialog({
  name,
  onClose,
  onRenamed,
  shownReviewId,
}: {
  name: string;
  onClose: () => void;
  onRenamed: (name: string) => void;
  shownReviewId?: string | null;
}) {
  const { data, loading, error, refetch } = useBusinessByNameQuery({
    variables: { name },
    fetchPolicy: 'cache-and-network',
  });
  const [open, setOpen] = useState<'manage' | 'customize' | 'review' | null>(null);
  const page = data?.businessByName;

  return (
    <>
      <DialogFrame
        title={page?.name ?? 'Business'}
        testId="business-detail-dialog"
        onClose={onClose}
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {page && <FollowButton page={page} />}
          </>
        }
      >
        {page ? (
          <DetailBody
            shownReviewId={shownReviewId}
            page={page}
            onManage={() => setOpen('manage')}
            onCustomize={() => setOpen('customize')}
            onReview={() => setOpen('review')}
          />
        ) : error ? (
          <LoadError title="This business could not be loaded." error={error} onRetry={() => refetch()} />
        ) : loading ? (
          <LoadingStatus>Loading business...</LoadingStatus>
        ) : (
          <Text data-testid="business-not-found">No business page is called “{name}”.</Text>
        )}
      </DialogFrame>
      {page && open === 'manage' && (
        <BusinessFormDialog
          page={page}
          onClose={() => setOpen(null)}
          onSaved={(saved) => {
            if (saved.name !== page.name) onRenamed(saved.name);
          }}
        />
      )}
      {page && open === 'customize' && <CustomizeDialog business={page} onClose={() => setOpen(null)} />}
      {page && open === 'review' && (
        <ReviewDialog business={page} initial={page.viewerReview} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
