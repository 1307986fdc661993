import { useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { errorCode, errorField, errorMessage, errorReason } from '../../lib/errors';
import { useApplyForJobMutation } from './jobs.generated';
import { readFileAsDataUrl } from '../../lib/files';
import { DialogFrame } from '../../ui/DialogFrame';
import { FileAttachment } from '../../ui/FileAttachment';
import { useSession } from '../../ui/session';
import { toaster } from '../../ui/toaster';
import { CV_ACCEPT, checkCvFile } from './jobText';

export interface ApplyTarget {
  id: string;
  title: string;
  company: string;
}

/** Refusals whose words tell the member what to fix: the CV, a missing name or e-mail, a job that closed. */
const TOLD_FIELDS = ['cvFileData', 'cvFileName'];
const TOLD_REASONS = ['APPLICANT_MISSING', 'VACANCY_CLOSED'];

/** The server's own words where they tell the member something the spec's generic failure would hide. */
function failureText(error: unknown): string {
  const code = errorCode(error);
  if (
    code === 'CONFLICT' ||
    code === 'PAYLOAD_TOO_LARGE' ||
    (code === 'BAD_USER_INPUT' &&
      (TOLD_FIELDS.includes(errorField(error) ?? '') || TOLD_REASONS.includes(errorReason(error) ?? '')))
  )
    return errorMessage(error);
  return 'Failed to submit application. Please try again.';
}

/**
 * The job application dialog (spec 001 section 4): prefilled with the member's name and e-mail, every field reset
 * when it closes, 'Submitting...' while sending, the spec's toasts.
 */
export function ApplyDialog({ job, onClose }: { job: ApplyTarget; onClose: () => void }) {
  const me = useSession();
  const [form, setForm] = useState({
    fullName: [me.firstName, me.lastName].filter(Boolean).join(' ') || me.displayName,
    email: me.email ?? '',
    phone: '',
    resume: '',
    coverLetter: '',
    linkedIn: '',
    portfolio: '',
  });
  const [cv, setCv] = useState<File | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [apply, { loading }] = useApplyForJobMutation({ refetchQueries: ['MyJobApplications'] });
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = checkCvFile(file);
    if (problem) {
      toaster.error(problem);
      if (picker.current) picker.current.value = '';
      return;
    }
    setCv(file);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.fullName.trim() || !form.email.trim()) {
      toaster.error({ title: 'Missing Information', description: 'Please fill in your name and email.' });
      return;
    }
    try {
      const cvFileData = cv ? await readFileAsDataUrl(cv) : null;
      await apply({
        variables: {
          input: {
            vacancyId: job.id,
            jobTitle: job.title,
            companyName: job.company,
            ...form,
            cvFileName: cv?.name ?? null,
            cvFileData,
          },
        },
      });
      toaster.success({
        title: 'Application Submitted',
        description: `Your application for ${job.title} has been submitted successfully!`,
      });
      onClose();
    } catch (err) {
      toaster.error({ title: 'Application Failed', description: failureText(err) });
    }
  };

  return (
    <DialogFrame
      onClose={onClose}
      title={`Apply for ${job.title}`}
      testId="apply-dialog"
      onSubmit={(e) => void submit(e)}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="green" disabled={loading} loading={loading} loadingText="Submitting...">
            Submit Application
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text color="fg.muted" fontSize="sm">
          {job.company}
        </Text>
        <Field.Root required>
          <Field.Label>
            Full name <Field.RequiredIndicator />
          </Field.Label>
          <Input name="fullName" autoComplete="name" maxLength={200} value={form.fullName} onChange={set('fullName')} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Email <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={form.email}
            onChange={set('email')}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Phone</Field.Label>
          <Input name="phone" type="tel" autoComplete="tel" maxLength={40} value={form.phone} onChange={set('phone')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>CV (PDF, DOC or DOCX, at most 5MB)</Field.Label>
          <FileAttachment
            inputRef={picker}
            accept={CV_ACCEPT}
            testId="cv-input"
            file={cv}
            onPick={pick}
            onRemove={() => setCv(null)}
            buttonLabel="Attach CV"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Resume link</Field.Label>
          <Input
            name="resume"
            type="url"
            maxLength={500}
            placeholder="https://"
            value={form.resume}
            onChange={set('resume')}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Cover letter</Field.Label>
          <Textarea
            name="coverLetter"
            rows={4}
            maxLength={10000}
            value={form.coverLetter}
            onChange={set('coverLetter')}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>LinkedIn</Field.Label>
          <Input
            name="linkedIn"
            maxLength={500}
            placeholder="https://www.linkedin.com/in/..."
            value={form.linkedIn}
            onChange={set('linkedIn')}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Portfolio</Field.Label>
          <Input
            name="portfolio"
            maxLength={500}
            placeholder="https://"
            value={form.portfolio}
            onChange={set('portfolio')}
          />
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
