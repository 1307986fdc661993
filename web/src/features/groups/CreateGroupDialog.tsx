import { useState, type FormEvent } from 'react';
import { Checkbox, Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useCreateGroupMutation, useGroupOptionsQuery, type GroupCardFieldsFragment } from './groups.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { ImagePicker } from '../../ui/ImagePicker';
import { toaster } from '../../ui/toaster';
import { currentPosition } from '../../lib/position';

export const FALLBACK_TYPES = ['Favourites', 'SAFFA Local Community', 'Jokes', 'Sport', 'Braai', 'Other'];
const EMPTY = {
  name: '',
  description: '',
  locationName: '',
  type: 'SAFFA Local Community',
  requiresApproval: false,
  imageUrl: '',
};

/**
 * The Create Group dialog (spec 002 sections 2 and 5): name and location name required ('Missing Information' /
 * 'Please fill in all required fields'); the group is placed at the member's position ('Location Required' /
 * 'Please enable location services' without one). The creator becomes the group's admin.
 */
export function CreateGroupDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (g: GroupCardFieldsFragment) => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [touched, setTouched] = useState({ name: false, locationName: false });
  const types = useGroupOptionsQuery({ fetchPolicy: 'cache-first' }).data?.groupOptions.types ?? FALLBACK_TYPES;
  const [create, { loading }] = useCreateGroupMutation({ refetchQueries: ['MyGroups', 'GroupsNear'] });
  const [locating, setLocating] = useState(false);
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim() || !form.locationName.trim()) {
      setTouched({ name: true, locationName: true });
      toaster.error({ title: 'Missing Information', description: 'Please fill in all required fields' });
      return;
    }
    setLocating(true);
    const position = await currentPosition();
    setLocating(false);
    if (!position) {
      toaster.error({ title: 'Location Required', description: 'Please enable location services' });
      return;
    }
    try {
      const r = await create({ variables: { input: { ...form, imageUrl: form.imageUrl || null, ...position } } });
      toaster.success({ title: 'Success', description: `${form.name.trim()} was created. You are its admin.` });
      if (r.data) onCreated?.(r.data.createGroup);
      onClose();
    } catch (err) {
      const message = errorMessage(err, '');
      toaster.error({
        title: 'Error',
        description: /image|5MB|must be|at most/i.test(message) ? message : 'Failed to create group',
      });
    }
  };

  const missing = (key: 'name' | 'locationName') => touched[key] && !form[key].trim();
  return (
    <DialogFrame
      title="Create Group"
      onClose={onClose}
      onSubmit={onSubmit}
      testId="create-group-dialog"
      footer={<FormDialogActions submitLabel="Create Group" loading={loading || locating} loadingText="Creating..." />}
    >
      <Stack gap="4">
        <Field.Root required invalid={missing('name')}>
          <Field.Label>
            Group Name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={form.name}
            maxLength={120}
            onChange={(e) => set('name', e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
          />
          <Field.ErrorText>Please fill in all required fields</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Description</Field.Label>
          <Textarea value={form.description} maxLength={2000} onChange={(e) => set('description', e.target.value)} />
        </Field.Root>
        <Field.Root required invalid={missing('locationName')}>
          <Field.Label>
            Location Name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            value={form.locationName}
            maxLength={200}
            placeholder="e.g. Sea Point, Cape Town"
            onChange={(e) => set('locationName', e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, locationName: true }))}
          />
          <Field.HelperText>The group is placed at your current location.</Field.HelperText>
          <Field.ErrorText>Please fill in all required fields</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Group Type</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.type} onChange={(e) => set('type', e.currentTarget.value)}>
              {types.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Checkbox.Root checked={form.requiresApproval} onCheckedChange={(e) => set('requiresApproval', !!e.checked)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Requires approval to join</Checkbox.Label>
        </Checkbox.Root>
        <ImagePicker
          label="Group Image"
          hint="JPEG, PNG, GIF, WebP or AVIF"
          value={form.imageUrl}
          onChange={(v) => set('imageUrl', v)}
          aspect="wide"
          testId="group-image"
        />
      </Stack>
    </DialogFrame>
  );
}
