import { useState } from 'react';
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuBriefcase } from 'react-icons/lu';
import { NavLink } from 'react-router';
import { useMyJobApplicationsQuery, type MyJobApplicationsQuery } from '../jobs/jobs.generated';
import { useProfileUpcomingJobsQuery } from './profile.generated';
import { jobHref } from '../../lib/links';
import { relativeTime } from '../../lib/relativeTime';
import { DialogFrame } from '../../ui/DialogFrame';
import { PagedSection } from './PagedSection';

type Application = MyJobApplicationsQuery['myJobApplications']['nodes'][number];

/** An application's job; a vacancy deleted since keeps the application, under a plain title. */
const NO_JOB = {
  title: 'A job no longer listed',
  company: null,
  location: null,
  jobType: null,
  salary: null,
  description: null,
  requirements: null,
};
const jobOf = (a: Application) => a.vacancy ?? NO_JOB;

const STATUS_PALETTE: Record<string, string> = {
  accepted: 'green',
  rejected: 'red',
  pending: 'gray',
  shortlisted: 'blue',
  interviewing: 'purple',
};

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={STATUS_PALETTE[status] ?? 'gray'} variant="subtle" textTransform="capitalize">
      {status}
    </Badge>
  );
}

function ApplicationDialog({ application, onClose }: { application: Application; onClose: () => void }) {
  const job = jobOf(application);
  const section = (title: string, text: string | null | undefined) =>
    text ? (
      <Stack gap="1">
        <Heading as="h4" size="sm">
          {title}
        </Heading>
        <Text whiteSpace="pre-line">{text}</Text>
      </Stack>
    ) : null;
  return (
    <DialogFrame
      title={job.title}
      testId="application-dialog"
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Stack gap="4">
        <Stack gap="1">
          <Text fontWeight="medium">{job.company}</Text>
          <Text color="fg.muted" fontSize="sm">
            {[job.location, job.jobType, job.salary].filter(Boolean).join(' · ')}
          </Text>
          <HStack gap="2">
            <StatusBadge status={application.status} />
            <Text fontSize="sm" color="fg.muted">
              Applied {relativeTime(application.appliedAt)}
            </Text>
          </HStack>
        </Stack>
        {section('Feedback', application.feedback)}
        {section('Description', job.description)}
        {section('Requirements', job.requirements)}
      </Stack>
    </DialogFrame>
  );
}

/** The Jobs tab: upcoming jobs (applications at the Offer stage) and every application with its status and feedback. */
export function JobsTab() {
  const upcoming = useProfileUpcomingJobsQuery({ variables: { first: 10 }, fetchPolicy: 'cache-and-network' });
  const applications = useMyJobApplicationsQuery({ variables: { first: 10 }, fetchPolicy: 'cache-and-network' });
  const [open, setOpen] = useState<Application | null>(null);
  return (
    <Stack gap="6">
      <PagedSection
        title="Upcoming Jobs"
        testId="upcoming-jobs"
        connection={upcoming.data?.jobListings}
        loading={upcoming.loading}
        error={upcoming.error}
        refetch={upcoming.refetch}
        fetchMore={upcoming.fetchMore}
        errorTitle="Failed to fetch upcoming jobs"
        icon={<LuBriefcase />}
        empty="No upcoming jobs. Accept assigned jobs to see them here."
        render={(job) => (
          <Box as="li" key={job.id} borderWidth="1px" borderRadius="md" p="3">
            <NavLink to={jobHref(job.id)}>
              <Text fontWeight="medium">{job.title}</Text>
            </NavLink>
            <Text fontSize="sm" color="fg.muted">
              {[job.company, job.location, job.jobType].filter(Boolean).join(' · ')}
            </Text>
          </Box>
        )}
      />
      <PagedSection
        title="Job Applications"
        testId="job-applications"
        connection={applications.data?.myJobApplications}
        loading={applications.loading}
        error={applications.error}
        refetch={applications.refetch}
        fetchMore={applications.fetchMore}
        errorTitle="Failed to load your job applications"
        icon={<LuBriefcase />}
        empty="You have not applied for any jobs yet."
        render={(a) => <ApplicationRow key={a.id} a={a} onOpen={() => setOpen(a)} />}
      />
      {open && <ApplicationDialog application={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function ApplicationRow({ a, onOpen }: { a: Application; onOpen: () => void }) {
  const job = jobOf(a);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" align="flex-start" gap="3">
        <Stack gap="0.5" minW="0">
          <Text fontWeight="medium">{job.title}</Text>
          <Text fontSize="sm" color="fg.muted">
            {[job.company, job.location].filter(Boolean).join(' · ')}
          </Text>
          {a.feedback && (
            <Text fontSize="sm" lineClamp={2}>
              Feedback: {a.feedback}
            </Text>
          )}
        </Stack>
        <Stack align="flex-end" gap="2" flexShrink={0}>
          <StatusBadge status={a.status} />
          <Button size="sm" variant="outline" onClick={onOpen} aria-label={`View details of ${job.title}`}>
            View Details
          </Button>
        </Stack>
      </HStack>
    </Box>
  );
}
