import { useState } from 'react';
import { Badge, Button, Card, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuBriefcase, LuPlus, LuTrash2, LuUsers } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { useBusinessJobVacanciesQuery, useDeleteJobVacancyMutation } from './jobs.generated';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { ApplicantTrackingDialog } from './ApplicantTrackingDialog';
import { ApplyDialog } from './ApplyDialog';
import { CreateVacancyDialog } from './CreateVacancyDialog';
import type { Job } from './JobCard';
import { formatSalary } from './jobText';

export interface BusinessJobsTabProps {
  businessId: string;
  businessName: string;
  /** The viewer owns the page: create and delete vacancies, open the applicant tracking board. */
  isOwner: boolean;
}

/**
 * The Jobs tab of a business's detail dialog (spec 001 section 2.3): its vacancies; owners create and delete them
 * and open the applicant tracking board, everyone else applies.
 */
export function BusinessJobsTab({ businessId, businessName, isOwner }: BusinessJobsTabProps) {
  const { data, loading, error, refetch, fetchMore } = useBusinessJobVacanciesQuery({
    variables: { businessId, first: 20 },
  });
  const paging = usePagedConnection({ connection: data?.businessJobVacancies, fetchMore, auto: false });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Job | null>(null);
  const [tracking, setTracking] = useState<Job | null>(null);
  const [applying, setApplying] = useState<Job | null>(null);
  const [remove, removing] = useDeleteJobVacancyMutation({ refetchQueries: ['BusinessJobVacancies', 'JobBoard'] });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ variables: { id: deleting.id } });
      toaster.success({ title: 'Job Deleted', description: `${deleting.title} was removed.` });
      setDeleting(null);
    } catch {
      toaster.error({ title: 'Error', description: 'Failed to delete job vacancy' });
    }
  };

  const vacancies = paging.nodes;
  return (
    <Stack gap="3" data-testid="business-jobs">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Link asChild color="green.fg" fontSize="sm">
          <RouterLink to="/jobs">← Back to Job Listings</RouterLink>
        </Link>
        {isOwner && (
          <Button size="sm" colorPalette="green" onClick={() => setCreating(true)}>
            <LuPlus aria-hidden />
            Create Job Vacancy
          </Button>
        )}
      </Flex>
      {loading && !data ? (
        <LoadingStatus>Loading vacancies...</LoadingStatus>
      ) : error && !data ? (
        <LoadError title="Failed to fetch vacancies" error={error} onRetry={() => refetch()} />
      ) : vacancies.length === 0 ? (
        <EmptyNotice
          icon={<LuBriefcase />}
          title="No Job Openings"
          description={
            isOwner ? 'Create your first job vacancy to start hiring.' : 'Check back later for new opportunities.'
          }
        />
      ) : (
        vacancies.map((v) => (
          <Card.Root
            key={v.id}
            size="sm"
            variant="outline"
            as="article"
            aria-label={v.title}
            data-testid="vacancy-card"
          >
            <Card.Body gap="1">
              <HStack justify="space-between" align="flex-start" gap="2">
                <Text fontWeight="semibold">{v.title}</Text>
                <Badge colorPalette="green" variant="subtle" flexShrink={0}>
                  {v.jobType}
                </Badge>
              </HStack>
              <HStack gap="3" fontSize="sm" color="fg.muted" wrap="wrap">
                <span>{v.location}</span>
                {v.salary && <span>{formatSalary(v.salary, v.currency)}</span>}
                {isOwner && !v.isActive && <Badge variant="outline">Inactive</Badge>}
              </HStack>
              <Text lineClamp={2} fontSize="sm" color="fg.muted">
                {v.description}
              </Text>
              <HStack gap="2" justify="flex-end" wrap="wrap" mt="1">
                {v.viewerCanManage ? (
                  <>
                    <Button size="sm" variant="outline" onClick={() => setTracking(v)}>
                      <LuUsers aria-hidden />
                      Applicants ({v.applicantCount})
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={`Delete ${v.title}`}
                      onClick={() => setDeleting(v)}
                    >
                      <LuTrash2 aria-hidden />
                      Delete
                    </Button>
                  </>
                ) : (
                  <Button size="sm" colorPalette="green" disabled={v.viewerHasApplied} onClick={() => setApplying(v)}>
                    {v.viewerHasApplied ? 'Already Applied' : 'Apply Now'}
                  </Button>
                )}
              </HStack>
            </Card.Body>
          </Card.Root>
        ))
      )}
      <LoadMoreFooter
        hasNextPage={paging.hasNextPage}
        paging={paging}
        failedText="Could not load more vacancies."
        loadingText="Loading..."
      />
      {creating && <CreateVacancyDialog businessId={businessId} onClose={() => setCreating(false)} />}
      {tracking && <ApplicantTrackingDialog vacancy={tracking} onClose={() => setTracking(null)} />}
      {applying && (
        <ApplyDialog
          job={{ id: applying.id, title: applying.title, company: businessName }}
          onClose={() => setApplying(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete Job Vacancy"
          onClose={() => setDeleting(null)}
          confirmLabel="Delete"
          loading={removing.loading}
          onConfirm={() => void confirmDelete()}
        >
          <Text>Are you sure you want to delete this job vacancy? Its applications are deleted with it.</Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
