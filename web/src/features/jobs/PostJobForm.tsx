import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Flex, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { LuSparkles } from 'react-icons/lu';
import { useCreateJobVacancyMutation, useMyJobPostingBusinessesQuery } from './jobs.generated';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../ui/session';
import { toaster } from '../../ui/toaster';
import { CreateVacancyDialog } from './CreateVacancyDialog';
import { OptionField } from './OptionField';
import { POST_JOB_TYPES, VACANCY_JOB_TYPES } from './jobText';

const EMPTY = { title: '', location: '', salary: '', jobType: '', description: '' };

/**
 * The job board's inline Post Job form (spec 001 section 3 "Post job form"). A member with business pages posts for
 * one of them (the first is chosen); a member without one posts under their own name.
 */
export function PostJobForm({ onPosted }: { onPosted: () => void }) {
  const me = useSession();
  const [form, setForm] = useState(EMPTY);
  const { data } = useMyJobPostingBusinessesQuery();
  const businesses = data?.myJobPostingBusinesses ?? [];
  const [postAs, setPostAs] = useState<string | null>(null);
  const [fullForm, setFullForm] = useState(false);
  const businessId = postAs ?? businesses[0]?.id ?? '';
  const [create, { loading }] = useCreateJobVacancyMutation({ refetchQueries: ['JobBoard'] });
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
  const ready = !!(form.title.trim() && form.location.trim() && form.jobType && form.description.trim());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    try {
      await create({
        variables: {
          input: {
            businessId: businessId || null,
            title: form.title,
            location: form.location,
            salaryRange: form.salary || null,
            jobType: form.jobType,
            description: form.description,
          },
        },
      });
      toaster.success({ title: 'Job Created', description: `${form.title} is now on the job board.` });
      setForm(EMPTY);
      onPosted();
    } catch (err) {
      toaster.error({
        title: 'Creation Failed',
        description: errorMessage(err, 'Failed to create job vacancy. Please try again.'),
      });
    }
  };

  return (
    <>
      <Card.Root
        as="form"
        variant="outline"
        onSubmit={(e: FormEvent) => void submit(e)}
        aria-label="Post a job"
        data-testid="post-job-form"
      >
        <Card.Body>
          <Stack gap="3">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <Field.Root required>
                <Field.Label>
                  Job title <Field.RequiredIndicator />
                </Field.Label>
                <Input name="title" maxLength={200} value={form.title} onChange={set('title')} />
              </Field.Root>
              <Field.Root required>
                <Field.Label>
                  Location <Field.RequiredIndicator />
                </Field.Label>
                <Input name="location" maxLength={200} value={form.location} onChange={set('location')} />
              </Field.Root>
              <Field.Root>
                <Field.Label>Salary</Field.Label>
                <Input
                  name="salary"
                  maxLength={120}
                  placeholder="e.g. 25 000 per month"
                  value={form.salary}
                  onChange={set('salary')}
                />
              </Field.Root>
              <OptionField
                label="Job type"
                name="jobType"
                value={form.jobType}
                onChange={set('jobType')}
                options={POST_JOB_TYPES}
                placeholder="Select a type"
                required
              />
            </SimpleGrid>
            {businesses.length > 0 && (
              <Field.Root>
                <Field.Label>Post as</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field name="postAs" value={businessId} onChange={(e) => setPostAs(e.target.value)}>
                    {businesses.map((b) => (
                      <option key={b.id} value={b.id}>
                        {b.name}
                      </option>
                    ))}
                    <option value="">{me.displayName} (yourself)</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
            <Field.Root required>
              <Field.Label>
                Description <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                name="description"
                rows={4}
                maxLength={10000}
                value={form.description}
                onChange={set('description')}
              />
            </Field.Root>
            <Flex gap="2" direction={{ base: 'column', md: 'row' }} justify="flex-end">
              <Button variant="outline" onClick={() => setFullForm(true)}>
                <LuSparkles aria-hidden />
                More details and AI helper
              </Button>
              <Button
                type="submit"
                colorPalette="green"
                disabled={!ready || loading}
                loading={loading}
                loadingText="Posting..."
              >
                Post Job
              </Button>
            </Flex>
          </Stack>
        </Card.Body>
      </Card.Root>
      {fullForm && (
        <CreateVacancyDialog
          businessId={businessId || null}
          initial={{
            title: form.title,
            location: form.location,
            salaryRange: form.salary,
            description: form.description,
            jobType: VACANCY_JOB_TYPES.find((t) => t.toLowerCase() === form.jobType) ?? '',
          }}
          onClose={() => setFullForm(false)}
          onCreated={() => {
            setForm(EMPTY);
            onPosted();
          }}
        />
      )}
    </>
  );
}
