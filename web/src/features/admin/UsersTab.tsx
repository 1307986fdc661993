import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Field, Flex, Input, InputGroup, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LuSearch, LuUsers } from 'react-icons/lu';
import type { Role } from '../../gql/graphql';
import { errorMessage } from '../../lib/errors';
import { useDebounced } from '../../lib/useDebounced';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyNotice, LoadError, LoadingStatus, LoadMoreFooter } from '../../ui/LoadStates';
import { useSession } from '../../ui/session';
import { toaster } from '../../ui/toaster';
import { UserAvatar } from '../../ui/UserAvatar';
import { usePagedConnection } from '../../ui/usePagedConnection';
import {
  useAdminDeleteUserMutation,
  useAdminSetUserSuspendedMutation,
  useAdminUpdateUserMutation,
  useAdminUsersQuery,
  type AdminUserRowFragment,
} from './admin.generated';

const failed = (error: unknown, fallback: string) =>
  toaster.error({ title: 'Error', description: errorMessage(error, fallback) });

/** The edit dialog: first name, last name, e-mail (an email field) and role. */
function EditUserDialog({ user, onClose }: { user: AdminUserRowFragment; onClose: () => void }) {
  const [form, setForm] = useState({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    role: user.role,
  });
  const [update, { loading }] = useAdminUpdateUserMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (loading) return;
    try {
      await update({
        variables: {
          id: user.id,
          input: { firstName: form.firstName, lastName: form.lastName, email: form.email, role: form.role },
        },
      });
      toaster.success({ title: 'User updated' });
      onClose();
    } catch (err) {
      failed(err, 'Failed to update user');
    }
  };
  const set = (k: keyof typeof form) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [k]: e.currentTarget.value });
  return (
    <DialogFrame
      title="Edit User"
      onClose={onClose}
      onSubmit={submit}
      testId="admin-edit-user"
      footer={<FormDialogActions submitLabel="Save" loading={loading} loadingText="Saving..." />}
    >
      <Stack gap="4">
        <Field.Root required>
          <Field.Label>First Name</Field.Label>
          <Input name="firstName" value={form.firstName} onChange={set('firstName')} maxLength={50} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>Last Name</Field.Label>
          <Input name="lastName" value={form.lastName} onChange={set('lastName')} maxLength={50} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>Email</Field.Label>
          <Input name="email" type="email" value={form.email} onChange={set('email')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Role</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="role"
              value={form.role}
              onChange={(e) => setForm({ ...form, role: e.currentTarget.value as Role })}
            >
              <option value="user">User</option>
              <option value="admin">Admin</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}

/** Asks before deleting a member for good. */
function DeleteUserDialog({ user, onClose }: { user: AdminUserRowFragment; onClose: () => void }) {
  const [remove, { loading }] = useAdminDeleteUserMutation({
    update(cache) {
      cache.evict({ id: cache.identify({ __typename: 'User', id: user.id }) });
      cache.gc();
    },
  });
  const confirm = async () => {
    try {
      await remove({ variables: { id: user.id } });
      toaster.success({ title: 'User deleted' });
      onClose();
    } catch (err) {
      failed(err, 'Failed to delete user');
    }
  };
  return (
    <ConfirmDialog
      title="Delete User"
      testId="admin-delete-user"
      onClose={onClose}
      confirmLabel="Delete"
      loading={loading}
      loadingText="Deleting..."
      onConfirm={() => void confirm()}
    >
      <Text>
        Are you sure you want to delete {user.displayName}? Their account and everything they posted will be removed.
        This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}

function UserRow({
  user,
  self,
  onEdit,
  onDelete,
}: {
  user: AdminUserRowFragment;
  self: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [setSuspended, { loading }] = useAdminSetUserSuspendedMutation();
  const toggle = async () => {
    try {
      await setSuspended({ variables: { id: user.id, suspended: !user.suspended } });
      toaster.success({ title: 'User updated' });
    } catch (err) {
      failed(err, 'Failed to update user');
    }
  };
  return (
    <Card.Root as="li" data-testid="admin-user" aria-label={user.displayName} size="sm">
      <Card.Body>
        <Flex gap="3" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
          <Flex gap="3" align="center" flex="1" minW="0">
            <UserAvatar user={user} />
            <Stack gap="0" minW="0">
              <Flex gap="2" align="center" wrap="wrap">
                <Text fontWeight="semibold" truncate>
                  {user.displayName}
                </Text>
                <Badge colorPalette={user.role === 'admin' ? 'purple' : 'gray'}>
                  {user.role === 'admin' ? 'Admin' : 'User'}
                </Badge>
                {user.suspended && <Badge colorPalette="red">Suspended</Badge>}
              </Flex>
              <Text fontSize="sm" color="fg.muted" truncate>
                {user.email}
              </Text>
            </Stack>
          </Flex>
          <Flex gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${user.displayName}`}>
              Edit
            </Button>
            {!self && (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void toggle()}
                  loading={loading}
                  aria-label={`${user.suspended ? 'Unsuspend' : 'Suspend'} ${user.displayName}`}
                >
                  {user.suspended ? 'Unsuspend' : 'Suspend'}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={onDelete}
                  aria-label={`Delete ${user.displayName}`}
                >
                  Delete
                </Button>
              </>
            )}
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** User Management: search by name or e-mail, the members with role badges, edit, suspend and delete. */
export function UsersTab() {
  const me = useSession();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  const { data, loading, error, refetch, fetchMore } = useAdminUsersQuery({
    variables: { search: query || null, first: 20 },
    notifyOnNetworkStatusChange: true,
    fetchPolicy: 'cache-and-network',
  });
  const paging = usePagedConnection({ connection: data?.adminUsers, fetchMore });
  const [editing, setEditing] = useState<AdminUserRowFragment | null>(null);
  const [deleting, setDeleting] = useState<AdminUserRowFragment | null>(null);
  let body;
  if (loading && !data) body = <LoadingStatus testId="admin-users-loading">Loading users...</LoadingStatus>;
  else if (error && !data) body = <LoadError title="Could not load users" error={error} onRetry={() => refetch()} />;
  else if (paging.nodes.length === 0)
    body = <EmptyNotice icon={<LuUsers />} description="No users found" testId="admin-users-empty" />;
  else
    body = (
      <Stack gap="2">
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Users">
          {paging.nodes.map((u) => (
            <UserRow
              key={u.id}
              user={u}
              self={u.id === me.id}
              onEdit={() => setEditing(u)}
              onDelete={() => setDeleting(u)}
            />
          ))}
        </Stack>
        <div ref={paging.sentinelRef} />
        <LoadMoreFooter
          hasNextPage={paging.hasNextPage}
          paging={paging}
          failedText="Could not load more users."
          loadingText="Loading..."
        />
      </Stack>
    );
  return (
    <Stack gap="4">
      <InputGroup startElement={<LuSearch aria-hidden />} maxW={{ md: 'md' }}>
        <Input
          type="search"
          placeholder="Search by name or email"
          aria-label="Search users"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={100}
        />
      </InputGroup>
      {body}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
