import type { FormEvent, ReactNode } from 'react';
import { Button, chakra, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useIsMobile } from '../lib/useMediaQuery';

/** On desktop a dialog is at most this tall; its body scrolls inside (docs UI.md "Dialogs and forms"). */
export const DIALOG_MAX_HEIGHT = '85dvh';

interface DialogFrameProps {
  /** Default true: for dialogs that are rendered only while open. */
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  testId?: string;
  role?: 'dialog' | 'alertdialog';
  /** The actions under the body (Cancel, Save...). */
  footer?: ReactNode;
  children: ReactNode;
  /** The close button's accessible name. */
  closeLabel?: string;
  /**
   * Desktop width: `md` (forms, the default), `sm` (a few choices) or `cover` (a board of columns: the viewport less a
   * margin).
   */
  size?: 'sm' | 'md' | 'cover';
  /** A body without padding, for a list that runs edge to edge. */
  flush?: boolean;
  /** Makes the dialog a form: Enter and a `type="submit"` button in the footer submit it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The form checks its fields itself and shows the spec's messages: no browser bubbles for `required` fields. */
  noValidate?: boolean;
}

/**
 * The one dialog frame of the web app: centred, `md` wide and at most 85% of the viewport's height on desktop,
 * with a scrolling body; a full-screen sheet on phones (below 768 px). The size is chosen with the media-query
 * hook rather than a responsive `size` prop: Chakra's `full` size sets a 100dvh minimum height that a
 * responsive `{ base: 'full', md: 'md' }` carries over to desktop.
 */
export function DialogFrame({
  open = true,
  onClose,
  title,
  testId,
  role,
  footer,
  children,
  closeLabel = 'Close',
  size = 'md',
  flush = false,
  onSubmit,
  noValidate,
}: DialogFrameProps) {
  const mobile = useIsMobile();
  const parts = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body overflowY="auto" minH="0" p={flush ? '0' : undefined}>
        {children}
      </Dialog.Body>
      {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
    </>
  );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      // Focus leaves a modal dialog only when a script moves it (a dialog that hands over to this one returns focus
      // to its trigger as it closes): that must not close this one. Escape, the close button and the backdrop do.
      onFocusOutside={(e) => e.preventDefault()}
      placement="center"
      role={role}
      size={mobile ? 'full' : size}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} maxH={mobile ? undefined : DIALOG_MAX_HEIGHT} overflow="hidden">
            {onSubmit ? (
              <chakra.form display="contents" onSubmit={onSubmit} noValidate={noValidate}>
                {parts}
              </chakra.form>
            ) : (
              parts
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The footer of a form dialog: Cancel, then the submit button that reads `loadingText` while sending. */
export function FormDialogActions({
  submitLabel,
  loading,
  loadingText,
}: {
  submitLabel: string;
  loading: boolean;
  loadingText: string;
}) {
  return (
    <>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline">Cancel</Button>
      </Dialog.ActionTrigger>
      <Button type="submit" colorPalette="green" loading={loading} loadingText={loadingText}>
        {submitLabel}
      </Button>
    </>
  );
}
