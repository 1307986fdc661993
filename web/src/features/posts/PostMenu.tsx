import { useState } from 'react';
import { Button, Field, IconButton, Menu, Portal, Text, Textarea } from '@chakra-ui/react';
import { LuEllipsis, LuEye, LuFlag, LuPencil, LuTrash2 } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { usePostCardDeleteMutation, usePostCardUpdateMutation } from './menu.generated';
import { type PostCard_PostFragment } from './post.generated';
import { DialogFrame } from '../../ui/DialogFrame';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useReportDialog } from '../../ui/Report';
import { reportTexts } from '../../ui/reportKinds';
import { toaster } from '../../ui/toaster';

type Dialogs = 'edit' | 'delete' | null;
type MenuPost = Pick<PostCard_PostFragment, 'id' | 'content' | 'viewerCanEdit' | 'viewerCanDelete'>;

/**
 * The post menu: the author sees 'Edit Post' and 'Delete Post'; everyone else 'Report Post' (an admin also
 * sees 'Delete Post', which the server allows them). `viewable` adds 'View Post' (the post's own page), for
 * lists that show posts outside the feed (the profile's Your Posts).
 */
export function PostMenu({ post, viewable = false }: { post: MenuPost; viewable?: boolean }) {
  const [dialog, setDialog] = useState<Dialogs>(null);
  const close = () => setDialog(null);
  const navigate = useNavigate();
  const report = useReportDialog();
  const onSelect = (value: string) => {
    if (value === 'view') void navigate(`/post/${post.id}`);
    else if (value === 'report') report.open({ kind: 'post', subjectId: post.id });
    else setDialog(value as Dialogs);
  };
  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => onSelect(value)}>
        <Menu.Trigger asChild>
          <IconButton aria-label="Post options" variant="ghost" size="sm">
            <LuEllipsis />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="10rem">
              {viewable && (
                <Menu.Item value="view">
                  <LuEye aria-hidden />
                  View Post
                </Menu.Item>
              )}
              {post.viewerCanEdit && (
                <Menu.Item value="edit">
                  <LuPencil aria-hidden />
                  Edit Post
                </Menu.Item>
              )}
              {(post.viewerCanEdit || post.viewerCanDelete) && (
                <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
                  <LuTrash2 aria-hidden />
                  Delete Post
                </Menu.Item>
              )}
              {!post.viewerCanEdit && (
                <Menu.Item value="report">
                  <LuFlag aria-hidden />
                  {reportTexts('post').title}
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {dialog === 'edit' && <EditPostDialog post={post} onClose={close} />}
      {dialog === 'delete' && <DeletePostDialog postId={post.id} onClose={close} />}
      {report.dialog}
    </>
  );
}

function EditPostDialog({ post, onClose }: { post: MenuPost; onClose: () => void }) {
  const [content, setContent] = useState(post.content ?? '');
  const [updatePost, { loading }] = usePostCardUpdateMutation();
  const blank = !content.trim();

  const onSave = async () => {
    if (blank) return;
    try {
      await updatePost({ variables: { id: post.id, content: content.trim() } });
      toaster.create({ type: 'success', title: 'Success', description: 'Post updated successfully.' });
      onClose();
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to update post.' });
    }
  };

  return (
    <DialogFrame
      title="Edit Post"
      testId="edit-post-dialog"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="green" disabled={blank} loading={loading} onClick={() => void onSave()}>
            Save
          </Button>
        </>
      }
    >
      <Field.Root invalid={blank}>
        <Field.Label>Post content</Field.Label>
        <Textarea value={content} onChange={(e) => setContent(e.target.value)} rows={6} autoresize maxH="60vh" />
        {blank && <Field.ErrorText>Post content cannot be empty.</Field.ErrorText>}
      </Field.Root>
    </DialogFrame>
  );
}

function DeletePostDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const [deletePost, { loading }] = usePostCardDeleteMutation({
    // Remove the post from every cached list (feed, check-ins, profile...) at once.
    update(cache, { data }) {
      if (!data?.deletePost) return;
      cache.evict({ id: cache.identify({ __typename: 'Post', id: data.deletePost }) });
      cache.gc();
    },
  });

  const onDelete = async () => {
    try {
      await deletePost({ variables: { id: postId } });
      // The card unmounts with the post; no dialog is left to close.
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to delete post.' });
      onClose();
    }
  };

  return (
    <ConfirmDialog
      title="Delete Post"
      testId="delete-post-dialog"
      size="md"
      onClose={onClose}
      confirmLabel="Delete"
      loading={loading}
      onConfirm={() => void onDelete()}
    >
      <Text>Are you sure you want to delete this post? This cannot be undone.</Text>
    </ConfirmDialog>
  );
}
