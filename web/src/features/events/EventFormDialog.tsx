import type { ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { DialogFrame } from '../../ui/DialogFrame';

/** A form dialog of the events screen: Enter or the submit button runs `onSubmit`; Cancel closes. */
export function EventFormDialog({
  title,
  testId,
  submitLabel,
  loading,
  disabled = false,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  submitLabel: string;
  loading: boolean;
  disabled?: boolean;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <DialogFrame
      onClose={onClose}
      title={title}
      testId={testId}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="green" loading={loading} disabled={disabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}
