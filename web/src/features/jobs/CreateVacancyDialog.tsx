import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { LuSparkles } from 'react-icons/lu';
import { useCreateJobVacancyMutation, useGenerateJobDescriptionMutation } from './jobs.generated';
import { DialogFrame } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';
import { OptionField } from './OptionField';
import { CURRENCIES, EXPERIENCE_LEVELS, VACANCY_JOB_TYPES } from './jobText';

/** The Create Job Vacancy form's defaults (spec 001 sections 3 and 5): ZAR, active. */
const VACANCY_DEFAULTS = {
  title: '',
  department: '',
  location: '',
  jobType: '',
  experienceLevel: '',
  currency: 'ZAR',
  salaryRange: '',
  description: '',
  requirements: '',
  responsibilities: '',
  benefits: '',
  applicationDeadline: '',
  isActive: true,
};
type VacancyForm = typeof VACANCY_DEFAULTS;

/** The client's copy of the spec's vacancy rules, for an answer before the server's; null when the form may be sent. */
function vacancyProblem(f: VacancyForm): string | null {
  if (!f.title.trim()) return 'Title is required';
  if (!f.location.trim()) return 'Location is required';
  if (!f.jobType) return 'Job type is required';
  if (f.description.trim().length < 10) return 'Description must be at least 10 characters';
  return null;
}

/**
 * Create Job Vacancy for a business page (or, from the job board, under the member's own name: `businessId` null),
 * with the AI helper that drafts the four texts from the other fields.
 */
export function CreateVacancyDialog({
  businessId,
  initial,
  onClose,
  onCreated,
}: {
  businessId: string | null;
  initial?: Partial<VacancyForm>;
  onClose: () => void;
  onCreated?: () => void;
}) {
  const [form, setForm] = useState<VacancyForm>({ ...VACANCY_DEFAULTS, ...initial });
  const [touched, setTouched] = useState(false);
  const [create, creating] = useCreateJobVacancyMutation({ refetchQueries: ['BusinessJobVacancies', 'JobBoard'] });
  const [generate, generating] = useGenerateJobDescriptionMutation();
  const set = (name: keyof VacancyForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
  const problem = vacancyProblem(form);

  const draft = async () => {
    if (!form.title.trim() || !form.location.trim() || !form.jobType) {
      toaster.error({
        title: 'Missing Information',
        description: 'Please fill in at least Title, Location, and Job Type before generating.',
      });
      return;
    }
    try {
      const { data } = await generate({
        variables: {
          input: {
            title: form.title,
            department: form.department || null,
            location: form.location,
            jobType: form.jobType,
            experienceLevel: form.experienceLevel || null,
            requirements: form.requirements || null,
            responsibilities: form.responsibilities || null,
          },
        },
      });
      const d = data!.generateJobDescription;
      setForm((f) => ({
        ...f,
        description: d.description,
        requirements: d.requirements,
        responsibilities: d.responsibilities,
        benefits: d.benefits,
      }));
      toaster.success({ title: 'AI-tsa! Generated', description: 'Job details generated successfully!' });
    } catch {
      toaster.error({ title: 'Generation Failed', description: 'Failed to generate job details. Please try again.' });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    try {
      const { isActive, ...text } = form;
      const input = Object.fromEntries(Object.entries(text).map(([k, v]) => [k, v.trim() ? v : null]));
      await create({ variables: { input: { ...input, isActive, businessId } } });
      toaster.success({ title: 'Job Created', description: `${form.title} is now open for applications.` });
      setForm(VACANCY_DEFAULTS);
      setTouched(false);
      onCreated?.();
      onClose();
    } catch {
      toaster.error({ title: 'Creation Failed', description: 'Failed to create job vacancy. Please try again.' });
    }
  };

  const text = (name: keyof VacancyForm, label: string, rows: number, required = false) => (
    <Field.Root required={required} invalid={touched && required && problem?.startsWith('Description') === true}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Textarea name={name} rows={rows} maxLength={10000} value={form[name] as string} onChange={set(name)} />
      {required && <Field.ErrorText>{problem}</Field.ErrorText>}
    </Field.Root>
  );
  const select = (
    name: keyof VacancyForm,
    label: string,
    options: readonly string[],
    placeholder?: string,
    required = false,
  ) => (
    <OptionField
      label={label}
      name={name}
      value={form[name] as string}
      onChange={set(name)}
      options={options}
      placeholder={placeholder}
      required={required}
    />
  );

  return (
    <DialogFrame
      onClose={onClose}
      title="Create Job Vacancy"
      testId="create-vacancy"
      onSubmit={(e) => void submit(e)}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="green" loading={creating.loading} loadingText="Creating...">
            Create Job Vacancy
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {touched && problem && !problem.startsWith('Description') && (
          <Field.Root invalid>
            <Field.ErrorText role="alert">{problem}</Field.ErrorText>
          </Field.Root>
        )}
        <Field.Root required>
          <Field.Label>
            Job title <Field.RequiredIndicator />
          </Field.Label>
          <Input name="title" maxLength={200} value={form.title} onChange={set('title')} />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root>
            <Field.Label>Department</Field.Label>
            <Input name="department" maxLength={120} value={form.department} onChange={set('department')} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Location <Field.RequiredIndicator />
            </Field.Label>
            <Input name="location" maxLength={200} value={form.location} onChange={set('location')} />
          </Field.Root>
          {select('jobType', 'Job type', VACANCY_JOB_TYPES, 'Select a type', true)}
          {select('experienceLevel', 'Experience level', EXPERIENCE_LEVELS, 'Any level')}
          {select('currency', 'Currency', CURRENCIES)}
          <Field.Root>
            <Field.Label>Salary range</Field.Label>
            <Input
              name="salaryRange"
              maxLength={120}
              placeholder="e.g. 25 000 - 35 000 per month"
              value={form.salaryRange}
              onChange={set('salaryRange')}
            />
          </Field.Root>
        </SimpleGrid>
        <Button
          variant="outline"
          colorPalette="purple"
          onClick={() => void draft()}
          loading={generating.loading}
          loadingText="Generating..."
        >
          <LuSparkles aria-hidden />
          Generate with AI
        </Button>
        {text('description', 'Description', 6, true)}
        {text('requirements', 'Requirements', 4)}
        {text('responsibilities', 'Responsibilities', 4)}
        {text('benefits', 'Benefits', 3)}
        <Field.Root>
          <Field.Label>Application deadline</Field.Label>
          <Input
            name="applicationDeadline"
            type="date"
            value={form.applicationDeadline}
            onChange={set('applicationDeadline')}
          />
        </Field.Root>
        <Checkbox.Root
          checked={form.isActive}
          onCheckedChange={(e) => setForm((f) => ({ ...f, isActive: !!e.checked }))}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Active (listed on the job board)</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </DialogFrame>
  );
}
