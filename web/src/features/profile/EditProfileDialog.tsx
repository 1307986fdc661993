import { useState, type FormEvent } from 'react';
import { Button, Field, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useProfileOptionsQuery, useUpdateProfileMutation, type ProfileMember_UserFragment } from './profile.generated';
import { errorMessage } from '../../lib/errors';
import { DialogFrame } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';

const NAME_MAX = 50;

/**
 * Edit Profile: first and last name, a short bio, home town and the country of the flag (or "Detect automatically":
 * from the request, when the server has an IP lookup). Limits come from the server (profileOptions).
 */
export function EditProfileDialog({ user, onClose }: { user: ProfileMember_UserFragment; onClose: () => void }) {
  const options = useProfileOptionsQuery();
  const limits = options.data?.profileOptions;
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [bio, setBio] = useState(user.bio ?? '');
  const [homeTown, setHomeTown] = useState(user.homeTown ?? '');
  const [country, setCountry] = useState(user.chosenCountryCode ?? '');
  const [update, { loading }] = useUpdateProfileMutation();

  const bioMax = limits?.bioMaxLength ?? 160;
  const townMax = limits?.homeTownMaxLength ?? 80;
  const problems = {
    firstName: !firstName.trim()
      ? 'First name is required'
      : firstName.trim().length > NAME_MAX
        ? `At most ${NAME_MAX} characters`
        : null,
    lastName: !lastName.trim()
      ? 'Last name is required'
      : lastName.trim().length > NAME_MAX
        ? `At most ${NAME_MAX} characters`
        : null,
    bio: bio.trim().length > bioMax ? `At most ${bioMax} characters` : null,
    homeTown: homeTown.trim().length > townMax ? `At most ${townMax} characters` : null,
  };
  const invalid = Object.values(problems).some(Boolean);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid || loading) return;
    try {
      await update({
        variables: {
          input: {
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            bio: bio.trim(),
            homeTown: homeTown.trim(),
            countryCode: country,
          },
        },
      });
      toaster.create({ type: 'success', title: 'Profile Updated' });
      onClose();
    } catch (err) {
      toaster.create({ type: 'error', title: 'Error', description: errorMessage(err, 'Failed to update profile') });
    }
  };

  return (
    <DialogFrame
      title="Edit Profile"
      testId="edit-profile-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="green" disabled={invalid} loading={loading} loadingText="Saving...">
            Save
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Field.Root required invalid={!!problems.firstName}>
          <Field.Label>
            First name <Field.RequiredIndicator />
          </Field.Label>
          <Input value={firstName} maxLength={NAME_MAX} onChange={(e) => setFirstName(e.target.value)} />
          <Field.ErrorText>{problems.firstName}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!!problems.lastName}>
          <Field.Label>
            Last name <Field.RequiredIndicator />
          </Field.Label>
          <Input value={lastName} maxLength={NAME_MAX} onChange={(e) => setLastName(e.target.value)} />
          <Field.ErrorText>{problems.lastName}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!problems.bio}>
          <Field.Label>Bio</Field.Label>
          <Textarea
            value={bio}
            rows={3}
            maxLength={bioMax}
            onChange={(e) => setBio(e.target.value)}
            placeholder="A few words about you"
          />
          <Field.HelperText>
            {bio.trim().length}/{bioMax}
          </Field.HelperText>
          <Field.ErrorText>{problems.bio}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!problems.homeTown}>
          <Field.Label>Home town</Field.Label>
          <Input
            value={homeTown}
            maxLength={townMax}
            onChange={(e) => setHomeTown(e.target.value)}
            placeholder="e.g. Durban"
          />
          <Field.ErrorText>{problems.homeTown}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Country (your flag)</Field.Label>
          <NativeSelect.Root disabled={!limits}>
            <NativeSelect.Field value={country} onChange={(e) => setCountry(e.target.value)}>
              <option value="">Detect automatically</option>
              {limits?.countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
