import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { DialogFrame } from './DialogFrame';

interface ConfirmDialogProps {
  title: ReactNode;
  /** What will happen, in the spec's words (a sentence, or a body with a field). */
  children: ReactNode;
  /** The red button's label ("Delete", "Reject Application"...). */
  confirmLabel: ReactNode;
  /** What the red button reads while the action runs; without it the button shows a spinner only. */
  loadingText?: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** The button that backs out ("Cancel" unless the spec words it otherwise). */
  cancelLabel?: string;
  testId?: string;
  /** Desktop width: `sm` (the default) or `md`. */
  size?: 'sm' | 'md';
}

/**
 * The one dialog that asks before a destructive action (docs UI.md "Destructive actions ask first"): an alert
 * dialog in the shared frame with Cancel and the destructive button in red, which reads `loadingText` while the
 * action runs.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  loadingText,
  loading,
  onConfirm,
  onClose,
  cancelLabel = 'Cancel',
  testId,
  size = 'sm',
}: ConfirmDialogProps) {
  return (
    <DialogFrame
      title={title}
      role="alertdialog"
      size={size}
      onClose={onClose}
      testId={testId}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={loading} loadingText={loadingText}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}
