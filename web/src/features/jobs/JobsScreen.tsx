import { useEffect, useState } from 'react';
import { useMarkJobsSeenMutation } from './seen.generated';
import { Box, Button, Flex, Heading, Input, InputGroup, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LuBriefcase, LuMapPin, LuPlus, LuSearch } from 'react-icons/lu';
import { useSearchParams } from 'react-router';
import { useJobBoardQuery, useSharedJobQuery } from './jobs.generated';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { useDocumentTitle } from '../../ui/Screen';
import { useDebounced } from '../../lib/useDebounced';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { ApplicantTrackingDialog } from './ApplicantTrackingDialog';
import { ApplyDialog } from './ApplyDialog';
import { JobCard, type Job } from './JobCard';
import { JobDetailsDialog } from './JobDetailsDialog';
import { JobShareDialog } from './JobShareDialog';
import { BOARD_TYPE_FILTER, jobsFoundText } from './jobText';
import { PostJobForm } from './PostJobForm';

const JOBS_PAGE = 20;
const FILTER_DELAY_MS = 300;

/**
 * The job board (spec 001 section 2.4): Post Job, filters sent to the server (search, location and type, kept in
 * the URL), the count line, cards a page at a time, and the details, share, application and tracking dialogs;
 * /jobs?id={id} opens that job's details.
 */
/** Opening the board: nothing posted until now is new any more; the shell's Jobs badge asks again. */
function useMarkJobsSeen() {
  const [markSeen] = useMarkJobsSeenMutation({ refetchQueries: ['NewJobsCount'] });
  useEffect(() => {
    markSeen().catch(() => undefined); // The badge simply stays as it was.
  }, [markSeen]);
}

export default function JobsScreen() {
  useDocumentTitle('Jobs');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [location, setLocation] = useState(params.get('location') ?? '');
  const [type, setType] = useState(params.get('type') ?? '');
  const [sharedId, setSharedId] = useState(params.get('id'));
  const [posting, setPosting] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [applying, setApplying] = useState<Job | null>(null);
  const [sharing, setSharing] = useState<Job | null>(null);
  const [tracking, setTracking] = useState<Job | null>(null);
  const [saved, setSaved] = useState<ReadonlySet<string>>(new Set());

  useMarkJobsSeen();

  const filters = useDebounced({ search: search.trim(), location: location.trim() }, FILTER_DELAY_MS);
  // The filters and the shared job live in the URL, so a reload or a shared link keeps them. One writer: the state.
  useEffect(() => {
    const next = new URLSearchParams();
    for (const [key, value] of [
      ['id', sharedId],
      ['q', filters.search],
      ['location', filters.location],
      ['type', type],
    ] as const)
      if (value) next.set(key, value);
    setParams(next, { replace: true });
  }, [sharedId, filters.search, filters.location, type, setParams]);

  const { data, loading, error, refetch, fetchMore } = useJobBoardQuery({
    variables: {
      first: JOBS_PAGE,
      search: filters.search || null,
      location: filters.location || null,
      type: type || null,
    },
    notifyOnNetworkStatusChange: true,
  });
  const paging = usePagedConnection({ connection: data?.jobListings, fetchMore });
  const shared = useSharedJobQuery({ variables: { id: sharedId ?? '' }, skip: !sharedId });
  const sharedJob = sharedId ? (shared.data?.jobVacancy ?? null) : null;
  const jobs = paging.nodes;
  // Read from the cache on every render, so Applied and the applicant count follow an application at once.
  const details = (openId ? jobs.find((j) => j.id === openId) : null) ?? sharedJob;

  const closeDetails = () => {
    setOpenId(null);
    setSharedId(null);
  };
  const toggleSaved = (job: Job) =>
    setSaved((s) => {
      const next = new Set(s);
      if (next.has(job.id)) next.delete(job.id);
      else next.add(job.id);
      return next;
    });

  const firstLoad = loading && !data;
  return (
    <Box as="section" aria-labelledby="screen-title" maxW="5xl" mx="auto" w="full" px={{ base: '4', md: '6' }} py="6">
      <Flex
        gap="3"
        mb="4"
        direction={{ base: 'column', md: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', md: 'center' }}
      >
        <Heading as="h1" id="screen-title" size="2xl">
          Jobs
        </Heading>
        <Button colorPalette="green" onClick={() => setPosting((p) => !p)} aria-expanded={posting}>
          <LuPlus aria-hidden />
          Post Job
        </Button>
      </Flex>
      {posting && (
        <Box mb="4">
          <PostJobForm onPosted={() => setPosting(false)} />
        </Box>
      )}
      <Flex gap="2" mb="3" direction={{ base: 'column', md: 'row' }} role="search">
        <InputGroup flex="2" startElement={<LuSearch aria-hidden />}>
          <Input
            aria-label="Search jobs"
            placeholder="Search jobs or companies"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </InputGroup>
        <InputGroup flex="1" startElement={<LuMapPin aria-hidden />}>
          <Input
            aria-label="Location"
            placeholder="Location"
            value={location}
            onChange={(e) => setLocation(e.target.value)}
          />
        </InputGroup>
        <NativeSelect.Root flex="1">
          <NativeSelect.Field aria-label="Job type" value={type} onChange={(e) => setType(e.target.value)}>
            {BOARD_TYPE_FILTER.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      {firstLoad ? (
        <LoadingStatus testId="jobs-loading">Loading jobs...</LoadingStatus>
      ) : error && !data ? (
        <LoadError title="Failed to fetch available jobs" error={error} onRetry={() => refetch()} />
      ) : (
        <Stack gap="3">
          <Text color="fg.muted" fontSize="sm" role="status" data-testid="jobs-count">
            {jobsFoundText(jobs.length, paging.hasNextPage)}
          </Text>
          {jobs.length === 0 ? (
            <EmptyNotice
              icon={<LuBriefcase />}
              description="No jobs found matching your criteria."
              testId="jobs-empty"
            />
          ) : (
            jobs.map((job) => (
              <JobCard
                key={job.id}
                job={job}
                saved={saved.has(job.id)}
                onOpen={(j) => setOpenId(j.id)}
                onApply={setApplying}
                onShare={setSharing}
                onSave={toggleSaved}
                onTrack={setTracking}
              />
            ))
          )}
          <div ref={paging.sentinelRef} />
          <LoadMoreFooter
            hasNextPage={paging.hasNextPage}
            paging={paging}
            failedText="Could not load more jobs."
            loadingText="Loading jobs..."
          />
        </Stack>
      )}
      {/* The details step aside while their application or tracking dialog is open, and come back after it. */}
      {details && !applying && !tracking && (
        <JobDetailsDialog job={details} onClose={closeDetails} onApply={setApplying} onTrack={setTracking} />
      )}
      {applying && <ApplyDialog job={applying} onClose={() => setApplying(null)} />}
      {sharing && <JobShareDialog job={sharing} onClose={() => setSharing(null)} />}
      {tracking && <ApplicantTrackingDialog vacancy={tracking} onClose={() => setTracking(null)} />}
    </Box>
  );
}
