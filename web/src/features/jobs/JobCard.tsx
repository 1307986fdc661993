import { Badge, Box, Button, Card, Flex, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { LuBookmark, LuMapPin, LuShare2, LuUsers } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import type { JobCard_JobFragment } from './jobs.generated';
import { relativeTime } from '../../lib/relativeTime';
import { businessHref } from '../../lib/links';
import { formatSalary } from './jobText';

export type Job = JobCard_JobFragment;

/** The company: a link to its business page, or the poster's name for a job posted under their own name. */
export function CompanyName({ job }: { job: Pick<Job, 'company' | 'businessId'> }) {
  if (!job.businessId) return <Text fontWeight="medium">{job.company}</Text>;
  return (
    <Link asChild color="green.fg" fontWeight="medium" w="fit-content">
      <RouterLink to={businessHref(job.company)}>{job.company}</RouterLink>
    </Link>
  );
}

interface JobActions {
  onOpen: (job: Job) => void;
  onApply: (job: Job) => void;
  onShare: (job: Job) => void;
  onSave: (job: Job) => void;
  onTrack: (job: Job) => void;
  saved: boolean;
}

/** A job on the board: title, company, place, when, type, salary, description, applicants, Share, Save, Apply. */
export function JobCard({ job, onOpen, onApply, onShare, onSave, onTrack, saved }: { job: Job } & JobActions) {
  const salary = formatSalary(job.salary, job.currency);
  return (
    <Card.Root as="article" aria-labelledby={`job-${job.id}-title`} data-testid="job-card" size="sm" variant="outline">
      <Card.Body gap="2">
        <Flex gap="3" align="flex-start">
          {job.companyLogo && (
            <Image src={job.companyLogo} alt="" boxSize="12" borderRadius="md" objectFit="cover" flexShrink={0} />
          )}
          <Stack gap="1" flex="1" minW="0">
            <Button
              id={`job-${job.id}-title`}
              variant="plain"
              p="0"
              h="auto"
              justifyContent="flex-start"
              fontSize="lg"
              fontWeight="semibold"
              whiteSpace="normal"
              textAlign="left"
              onClick={() => onOpen(job)}
            >
              {job.title}
            </Button>
            <CompanyName job={job} />
            <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
              <HStack gap="1">
                <LuMapPin aria-hidden />
                <span>{job.location}</span>
              </HStack>
              <span>{relativeTime(job.postedAt)}</span>
              <Badge colorPalette="green" variant="subtle">
                {job.jobType}
              </Badge>
            </HStack>
          </Stack>
        </Flex>
        {salary && (
          <Text fontWeight="medium" fontSize="sm">
            {salary}
          </Text>
        )}
        <Text lineClamp={2} color="fg.muted" fontSize="sm">
          {job.description}
        </Text>
        <Flex gap="2" wrap="wrap" align="center" justify="space-between">
          <HStack
            gap="1"
            fontSize="sm"
            color="fg.muted"
            aria-label={`${job.applicantCount} applicant${job.applicantCount === 1 ? '' : 's'}`}
          >
            <LuUsers aria-hidden />
            <span>
              {job.applicantCount} applicant{job.applicantCount === 1 ? '' : 's'}
            </span>
          </HStack>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="ghost" onClick={() => onShare(job)} aria-label={`Share ${job.title}`}>
              <LuShare2 aria-hidden />
              Share
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onSave(job)}
              aria-pressed={saved}
              aria-label={`${saved ? 'Saved' : 'Save'} ${job.title}`}
            >
              <LuBookmark aria-hidden fill={saved ? 'currentColor' : 'none'} />
              {saved ? 'Saved' : 'Save'}
            </Button>
            {job.viewerCanManage ? (
              <Button size="sm" variant="outline" onClick={() => onTrack(job)}>
                Applicants
              </Button>
            ) : (
              <Button size="sm" colorPalette="green" disabled={job.viewerHasApplied} onClick={() => onApply(job)}>
                {job.viewerHasApplied ? 'Applied' : 'Apply'}
              </Button>
            )}
          </HStack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** Lines of a text block ("• one\n• two") as a list. */
export function TextLines({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <Box as="ul" listStyleType="none" ps="0" fontSize="sm" color="fg.muted">
      {text
        .split(/\n+/)
        .filter((l) => l.trim())
        .map((line, i) => (
          <li key={i}>{line}</li>
        ))}
    </Box>
  );
}
