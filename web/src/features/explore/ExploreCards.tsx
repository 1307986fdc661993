import { Badge, Box, Button, Card, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { LuBriefcase, LuCalendar, LuMapPin, LuStar, LuStore, LuUserCheck, LuUserPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useFollowMemberMutation, useUnfollowMemberMutation } from './explore.generated';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../ui/toaster';
import { UserAvatar } from '../../ui/UserAvatar';
import { whenText } from '../events';
import { hitHref, type BusinessHit, type EventHit, type JobHit, type PersonHit } from './hits';

/** Follow / Following of a member: the stored follow, with the spec's toast ("You are now following {name}"). */
function FollowButton({ person }: { person: PersonHit }) {
  const [follow, following] = useFollowMemberMutation();
  const [unfollow, unfollowing] = useUnfollowMemberMutation();
  const busy = following.loading || unfollowing.loading;
  const toggle = async () => {
    try {
      if (person.viewerFollows) {
        await unfollow({ variables: { userId: person.id } });
      } else {
        await follow({ variables: { userId: person.id } });
        toaster.success({ title: 'Success', description: `You are now following ${person.displayName}` });
      }
    } catch (err) {
      toaster.error({ title: 'Error', description: errorMessage(err) });
    }
  };
  return (
    <Button
      size="sm"
      minH="11"
      colorPalette="green"
      variant={person.viewerFollows ? 'outline' : 'solid'}
      aria-pressed={person.viewerFollows}
      aria-label={`${person.viewerFollows ? 'Following' : 'Follow'} ${person.displayName}`}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {person.viewerFollows ? <LuUserCheck aria-hidden /> : <LuUserPlus aria-hidden />}
      {person.viewerFollows ? 'Following' : 'Follow'}
    </Button>
  );
}

function HitCard({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Card.Root as="article" aria-label={label} data-testid={testId} size="sm" overflow="hidden">
      {children}
    </Card.Root>
  );
}

/** A cover image (16:9) where the row has one, else a quiet placeholder with the kind's icon. */
function Cover({ src, icon }: { src: string | null; icon: React.ReactNode }) {
  return src ? (
    <Image src={src} alt="" aspectRatio={16 / 9} objectFit="cover" w="full" loading="lazy" />
  ) : (
    <Flex
      aspectRatio={16 / 9}
      w="full"
      align="center"
      justify="center"
      bg="bg.subtle"
      color="fg.muted"
      fontSize="2xl"
      aria-hidden
    >
      {icon}
    </Flex>
  );
}

function Meta({ children }: { children: React.ReactNode }) {
  return (
    <Text fontSize="sm" color="fg.muted" lineClamp={1}>
      {children}
    </Text>
  );
}

/** The spec's View button of a card: a link to where the row lives. */
function ViewFooter({ to, name }: { to: string; name: string }) {
  return (
    <Card.Footer>
      <Button asChild size="sm" minH="11" variant="outline" colorPalette="green">
        <RouterLink to={to} aria-label={`View ${name}`}>
          View
        </RouterLink>
      </Button>
    </Card.Footer>
  );
}

export function PersonCard({ person, isViewer }: { person: PersonHit; isViewer: boolean }) {
  return (
    <HitCard label={person.displayName} testId="explore-person">
      <Card.Body>
        <Flex align="center" gap="3" wrap="wrap">
          <UserAvatar user={person} size="md" />
          <Box flex="1" minW="0">
            <Text fontWeight="semibold" lineClamp={1}>
              {person.displayName}
            </Text>
            <Meta>{person.followerCount === 1 ? '1 follower' : `${person.followerCount} followers`}</Meta>
          </Box>
          {isViewer ? <Badge variant="subtle">You</Badge> : <FollowButton person={person} />}
        </Flex>
      </Card.Body>
    </HitCard>
  );
}

export function BusinessHitCard({ business }: { business: BusinessHit }) {
  return (
    <HitCard label={business.name} testId="explore-business">
      <Cover src={business.imageUrl} icon={<LuStore />} />
      <Card.Body gap="1">
        <Text fontWeight="semibold" lineClamp={1}>
          {business.name}
        </Text>
        <Meta>
          {business.category}
          {business.address ? ` · ${business.address}` : ''}
        </Meta>
        {business.rating != null && (
          <HStack gap="1" fontSize="sm" color="fg.muted">
            <LuStar aria-hidden />
            <Text>
              {business.rating.toFixed(1)} ({business.reviewCount} reviews)
            </Text>
          </HStack>
        )}
      </Card.Body>
      <ViewFooter to={hitHref(business)} name={business.name} />
    </HitCard>
  );
}

export function EventHitCard({ event }: { event: EventHit }) {
  return (
    <HitCard label={event.title} testId="explore-event">
      <Cover src={event.imageUrl} icon={<LuCalendar />} />
      <Card.Body gap="1">
        <Flex gap="2" align="center">
          <Text fontWeight="semibold" lineClamp={1} flex="1">
            {event.title}
          </Text>
          <Badge colorPalette={event.status === 'Sold Out' ? 'red' : 'green'} variant="subtle">
            {event.status}
          </Badge>
        </Flex>
        <Meta>
          {event.category} · {whenText(event.date, event.time)}
        </Meta>
        <HStack gap="1" fontSize="sm" color="fg.muted">
          <LuMapPin aria-hidden />
          <Text lineClamp={1}>{event.location}</Text>
        </HStack>
      </Card.Body>
      <ViewFooter to={hitHref(event)} name={event.title} />
    </HitCard>
  );
}

export function JobHitCard({ job, onApply }: { job: JobHit; onApply: (job: JobHit) => void }) {
  return (
    <HitCard label={`${job.title} at ${job.company}`} testId="explore-job">
      <Card.Body gap="1">
        <HStack gap="2">
          <Box color="fg.muted" aria-hidden>
            <LuBriefcase />
          </Box>
          <Text fontWeight="semibold" lineClamp={1}>
            {job.title}
          </Text>
        </HStack>
        <Text fontSize="sm">{job.company}</Text>
        <Meta>
          {job.jobType} · {job.location}
          {job.salary ? ` · ${job.salary}` : ''}
        </Meta>
      </Card.Body>
      <Card.Footer>
        <Stack w="full">
          <Button
            size="sm"
            minH="11"
            colorPalette="green"
            disabled={job.viewerHasApplied}
            aria-label={job.viewerHasApplied ? `Applied to ${job.title}` : `Apply for ${job.title}`}
            onClick={() => onApply(job)}
          >
            {job.viewerHasApplied ? 'Applied' : 'Apply'}
          </Button>
        </Stack>
      </Card.Footer>
    </HitCard>
  );
}
