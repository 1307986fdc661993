import { useState, type DragEvent } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  HStack,
  Link,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  useMoveApplicationStageMutation,
  useRejectApplicationMutation,
  useSaveApplicationNotesMutation,
  useVacancyApplicationsQuery,
  type TrackedApplicationFragment,
} from './jobs.generated';
import { type ApplicationStage } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { relativeTime } from '../../lib/relativeTime';
import { DialogFrame } from '../../ui/DialogFrame';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { toaster } from '../../ui/toaster';
import { usePagedConnection } from '../../ui/usePagedConnection';
import { LuUsers } from 'react-icons/lu';
import { STAGES, stageLabel } from './jobText';

type Application = TrackedApplicationFragment;
const DRAG_TYPE = 'application/x-saffa-application';

/** Moves an application to a stage with the spec's toast; the cache updates the board. */
function useMoveStage() {
  const [move] = useMoveApplicationStageMutation();
  return async (id: string, stage: ApplicationStage) => {
    try {
      await move({ variables: { id, stage } });
      toaster.success({ title: 'Stage Updated', description: `Moved to ${stageLabel(stage)}.` });
    } catch (err) {
      toaster.error({ title: 'Error', description: errorMessage(err) });
    }
  };
}

/** The stage selector: the keyboard way to move an application (drag and drop is the pointer's). */
function StageSelect({
  application,
  onMove,
}: {
  application: Application;
  onMove: (id: string, stage: ApplicationStage) => void;
}) {
  return (
    <NativeSelect.Root size="xs" disabled={application.isRejected}>
      <NativeSelect.Field
        aria-label={`Stage of ${application.applicantName}`}
        value={application.stage ?? undefined}
        onChange={(e) => onMove(application.id, e.target.value as ApplicationStage)}
      >
        {STAGES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function ApplicationCard({
  application,
  onOpen,
  onMove,
}: {
  application: Application;
  onOpen: (a: Application) => void;
  onMove: (id: string, stage: ApplicationStage) => void;
}) {
  return (
    <Card.Root
      size="sm"
      variant="outline"
      data-testid="application-card"
      draggable={!application.isRejected}
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.setData(DRAG_TYPE, application.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      cursor={application.isRejected ? undefined : 'grab'}
    >
      <Card.Body gap="1" p="3">
        <Button
          variant="plain"
          p="0"
          h="auto"
          justifyContent="flex-start"
          fontWeight="semibold"
          whiteSpace="normal"
          textAlign="left"
          onClick={() => onOpen(application)}
        >
          {application.applicantName}
        </Button>
        <Text fontSize="xs" color="fg.muted" truncate>
          {application.applicantEmail}
        </Text>
        {application.applicantPhone && (
          <Text fontSize="xs" color="fg.muted">
            {application.applicantPhone}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          Applied {relativeTime(application.appliedAt)}
        </Text>
        <StageSelect application={application} onMove={onMove} />
      </Card.Body>
    </Card.Root>
  );
}

/** One stage's column: its applications, and a drop target for cards dragged from another column. */
function StageColumn({
  stage,
  label,
  applications,
  onOpen,
  onMove,
}: {
  stage: ApplicationStage;
  label: string;
  applications: Application[];
  onOpen: (a: Application) => void;
  onMove: (id: string, stage: ApplicationStage) => void;
}) {
  const [over, setOver] = useState(false);
  return (
    <Stack
      as="section"
      aria-label={`${label}, ${applications.length}`}
      data-testid={`stage-${stage}`}
      gap="2"
      p="2"
      minW={{ base: '220px', md: '0' }}
      flex="1"
      bg={over ? 'bg.emphasized' : 'bg.subtle'}
      borderRadius="md"
      onDragOver={(e: DragEvent) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        setOver(false);
        const id = e.dataTransfer.getData(DRAG_TYPE);
        const dragged = applications.find((a) => a.id === id);
        if (id && !dragged) onMove(id, stage);
      }}
    >
      <HStack justify="space-between">
        <Heading as="h3" size="xs">
          {label}
        </Heading>
        <Badge variant="subtle">{applications.length}</Badge>
      </HStack>
      {applications.map((a) => (
        <ApplicationCard key={a.id} application={a} onOpen={onOpen} onMove={onMove} />
      ))}
    </Stack>
  );
}

/** An application's details: contact, links, cover letter, the private CV link, notes, and Reject. */
function ApplicationDetailsDialog({
  application,
  onClose,
  onMove,
}: {
  application: Application;
  onClose: () => void;
  onMove: (id: string, stage: ApplicationStage) => void;
}) {
  const [notes, setNotes] = useState(application.notes ?? '');
  const [rejecting, setRejecting] = useState(false);
  const [saveNotes, saving] = useSaveApplicationNotesMutation();
  const save = async () => {
    try {
      await saveNotes({ variables: { id: application.id, notes } });
      toaster.success({ title: 'Notes Saved', description: `Notes on ${application.applicantName} saved.` });
    } catch (err) {
      toaster.error({ title: 'Error', description: errorMessage(err) });
    }
  };
  const link = (label: string, href: string | null | undefined) =>
    href ? (
      <Link href={href} target="_blank" rel="noopener noreferrer" color="green.fg">
        {label}
      </Link>
    ) : null;
  return (
    <DialogFrame onClose={onClose} title={application.applicantName} testId="application-details">
      <Stack gap="3">
        <Stack gap="1" fontSize="sm">
          <Link href={`mailto:${application.applicantEmail}`} color="green.fg">
            {application.applicantEmail}
          </Link>
          {application.applicantPhone && (
            <Link href={`tel:${application.applicantPhone}`}>{application.applicantPhone}</Link>
          )}
          <Text color="fg.muted">Applied {relativeTime(application.appliedAt)}</Text>
          {application.isRejected ? (
            <Badge colorPalette="red" w="fit-content">
              Rejected{application.rejectionReason ? `: ${application.rejectionReason}` : ''}
            </Badge>
          ) : (
            <StageSelect application={application} onMove={onMove} />
          )}
        </Stack>
        <HStack gap="4" wrap="wrap" fontSize="sm">
          {application.cvUrl && (
            <Link
              href={application.cvUrl}
              download={application.cvFileName ?? undefined}
              color="green.fg"
              data-testid="cv-link"
            >
              Download CV{application.cvFileName ? ` (${application.cvFileName})` : ''}
            </Link>
          )}
          {link('Resume', application.resumeUrl)}
          {link('LinkedIn', application.linkedinUrl)}
          {link('Portfolio', application.portfolioUrl)}
        </HStack>
        {application.coverLetter && (
          <Stack gap="1">
            <Heading as="h3" size="sm">
              Cover letter
            </Heading>
            <Text fontSize="sm" whiteSpace="pre-line">
              {application.coverLetter}
            </Text>
          </Stack>
        )}
        <Field.Root>
          <Field.Label>Notes</Field.Label>
          <Textarea rows={3} maxLength={10000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </Field.Root>
        <Flex gap="2" justify="flex-end" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            disabled={!notes.trim() || saving.loading}
            loading={saving.loading}
            onClick={() => void save()}
          >
            Save Notes
          </Button>
          {!application.isRejected && (
            <Button size="sm" colorPalette="red" onClick={() => setRejecting(true)}>
              Reject
            </Button>
          )}
        </Flex>
      </Stack>
      {rejecting && <RejectDialog application={application} onClose={() => setRejecting(false)} />}
    </DialogFrame>
  );
}

/** Reject Application, with an optional reason; the applicant is notified. */
function RejectDialog({ application, onClose }: { application: Application; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [reject, { loading }] = useRejectApplicationMutation();
  const submit = async () => {
    try {
      await reject({ variables: { id: application.id, rejectionReason: reason.trim() || null } });
      toaster.success({ title: 'Application Rejected', description: 'The applicant has been notified.' });
      onClose();
    } catch (err) {
      toaster.error({ title: 'Error', description: errorMessage(err) });
    }
  };
  return (
    <ConfirmDialog
      title="Reject Application"
      testId="reject-dialog"
      onClose={onClose}
      confirmLabel="Reject Application"
      loading={loading}
      loadingText="Rejecting..."
      onConfirm={() => void submit()}
    >
      <Stack gap="3">
        <Text>Reject {application.applicantName}? They will be notified.</Text>
        <Field.Root>
          <Field.Label>Reason (optional)</Field.Label>
          <Textarea rows={3} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field.Root>
      </Stack>
    </ConfirmDialog>
  );
}

/**
 * The applicant tracking board of one vacancy (spec 001 section 2.3): the total, five stage columns (drag a card
 * to another column, or use its stage selector from the keyboard), the Rejected section, and the details and
 * Reject dialogs.
 */
export function ApplicantTrackingDialog({
  vacancy,
  onClose,
}: {
  vacancy: { id: string; title: string };
  onClose: () => void;
}) {
  const { data, loading, error, refetch, fetchMore } = useVacancyApplicationsQuery({
    variables: { vacancyId: vacancy.id, first: 100 },
  });
  const paging = usePagedConnection({ connection: data?.vacancyApplications, fetchMore, auto: false });
  const [openId, setOpenId] = useState<string | null>(null);
  const move = useMoveStage();
  const applications = paging.nodes;
  const active = applications.filter((a) => !a.isRejected);
  const rejected = applications.filter((a) => a.isRejected);
  const opened = applications.find((a) => a.id === openId) ?? null;
  const onMove = (id: string, stage: ApplicationStage) => void move(id, stage);
  return (
    <DialogFrame
      onClose={onClose}
      title={`${vacancy.title} - Applicant Tracking`}
      testId="applicant-tracking"
      size="cover"
    >
      {loading && !data ? (
        <LoadingStatus>Loading applications...</LoadingStatus>
      ) : error && !data ? (
        <LoadError title="Failed to fetch applications" error={error} onRetry={() => refetch()} />
      ) : (
        <Stack gap="4">
          <Text fontWeight="medium" data-testid="applications-total">
            {applications.length}
            {paging.hasNextPage ? '+' : ''} total application{applications.length === 1 ? '' : 's'}
          </Text>
          {applications.length === 0 ? (
            <EmptyNotice
              icon={<LuUsers />}
              title="No applications yet"
              description="Applications for this job will appear here."
            />
          ) : (
            <>
              <Flex gap="2" overflowX="auto" align="stretch" pb="2">
                {STAGES.map((s) => (
                  <StageColumn
                    key={s.value}
                    stage={s.value}
                    label={s.label}
                    applications={active.filter((a) => a.stage === s.value)}
                    onOpen={(a) => setOpenId(a.id)}
                    onMove={onMove}
                  />
                ))}
              </Flex>
              <Box as="section" aria-label={`Rejected, ${rejected.length}`} data-testid="stage-rejected">
                <Heading as="h3" size="sm" mb="2">
                  Rejected ({rejected.length})
                </Heading>
                <Flex gap="2" wrap="wrap">
                  {rejected.map((a) => (
                    <Box key={a.id} w={{ base: 'full', md: '220px' }}>
                      <ApplicationCard application={a} onOpen={(x) => setOpenId(x.id)} onMove={onMove} />
                    </Box>
                  ))}
                </Flex>
              </Box>
            </>
          )}
          <LoadMoreFooter
            hasNextPage={paging.hasNextPage}
            paging={paging}
            failedText="Could not load more applications."
            loadingText="Loading..."
          />
        </Stack>
      )}
      {opened && <ApplicationDetailsDialog application={opened} onClose={() => setOpenId(null)} onMove={onMove} />}
    </DialogFrame>
  );
}
