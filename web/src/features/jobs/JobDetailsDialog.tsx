import { Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { relativeTime } from '../../lib/relativeTime';
import { DialogFrame } from '../../ui/DialogFrame';
import { CompanyName, TextLines, type Job } from './JobCard';
import { formatSalary } from './jobText';

/**
 * A job's details: overview, description, requirements, responsibilities and benefits, and 'Apply Now' or 'Already
 * Applied'.
 */
export function JobDetailsDialog({
  job,
  onClose,
  onApply,
  onTrack,
}: {
  job: Job;
  onClose: () => void;
  onApply: (job: Job) => void;
  onTrack: (job: Job) => void;
}) {
  const salary = formatSalary(job.salary, job.currency);
  const section = (title: string, text: string | null | undefined) =>
    text ? (
      <Stack gap="1">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        <TextLines text={text} />
      </Stack>
    ) : null;
  return (
    <DialogFrame
      onClose={onClose}
      title={job.title}
      testId="job-details"
      footer={
        job.viewerCanManage ? (
          <Button variant="outline" onClick={() => onTrack(job)}>
            Applicants
          </Button>
        ) : (
          <Button colorPalette="green" disabled={job.viewerHasApplied} onClick={() => onApply(job)}>
            {job.viewerHasApplied ? 'Already Applied' : 'Apply Now'}
          </Button>
        )
      }
    >
      <Stack gap="4">
        <Stack gap="1">
          <CompanyName job={job} />
          <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
            <span>{job.location}</span>
            <Badge colorPalette="green" variant="subtle">
              {job.jobType}
            </Badge>
            {job.experienceLevel && <Badge variant="outline">{job.experienceLevel}</Badge>}
            <span>Posted {relativeTime(job.postedAt)}</span>
          </HStack>
          {salary && <Text fontWeight="medium">{salary}</Text>}
          {job.applicationDeadline && <Text fontSize="sm">Apply by {job.applicationDeadline}</Text>}
          <Text fontSize="sm" color="fg.muted">
            {job.applicantCount} applicant{job.applicantCount === 1 ? '' : 's'}
          </Text>
        </Stack>
        <Stack gap="1">
          <Heading as="h3" size="sm">
            Description
          </Heading>
          <Text whiteSpace="pre-line" fontSize="sm">
            {job.description}
          </Text>
        </Stack>
        {section('Requirements', job.requirements)}
        {section('Responsibilities', job.responsibilities)}
        {section('Benefits', job.benefits)}
      </Stack>
    </DialogFrame>
  );
}
