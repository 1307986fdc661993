import { useRef, useState } from 'react';
import { Field, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useAddVaultDocumentMutation } from './vault.generated';
import { errorMessage } from '../../lib/errors';
import { readFileAsDataUrl } from '../../lib/files';
import { DialogFrame, FormDialogActions } from '../../ui/DialogFrame';
import { FileAttachment } from '../../ui/FileAttachment';
import { Required } from './Required';
import { toaster } from '../../ui/toaster';
import { useUploadLimits } from '../../ui/useAppConfig';
import { fileProblem, MISSING_FILE, MISSING_INFORMATION, typeLabel } from './vaultText';

/**
 * Add Document to Vault (spec 002): type and name are required ('Missing Information'); the file is an image or a
 * PDF; the expiration date is optional; the reminder is a number of days before it (default 30). The file is sent to
 * the unlocked vault, which stores it encrypted. One idempotency key per dialog: a double submit makes one document.
 */
export function AddDocumentDialog({
  types,
  defaultReminderDays,
  maxReminderDays,
  onClose,
}: {
  types: readonly string[];
  defaultReminderDays: number;
  maxReminderDays: number;
  onClose: () => void;
}) {
  const limits = useUploadLimits();
  const [documentType, setType] = useState('');
  const [documentName, setName] = useState('');
  const [expirationDate, setExpiry] = useState('');
  const [reminderDays, setReminder] = useState(String(defaultReminderDays));
  const [file, setFile] = useState<File | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const key = useRef(crypto.randomUUID());
  const [add, { loading }] = useAddVaultDocumentMutation({ refetchQueries: ['VaultDocuments'] });

  const pick = (f: File | undefined) => {
    if (!f) return;
    const problem = fileProblem(f, limits);
    if (problem) {
      toaster.error(problem);
      if (picker.current) picker.current.value = '';
      return;
    }
    setFile(f);
  };

  const submit = async () => {
    if (!documentType || !documentName.trim()) return void toaster.error(MISSING_INFORMATION);
    if (!file) return void toaster.error(MISSING_FILE);
    const days =
      reminderDays.trim() === ''
        ? defaultReminderDays
        : Math.min(maxReminderDays, Math.max(0, Math.round(Number(reminderDays)) || 0));
    try {
      await add({
        variables: {
          input: {
            documentType,
            documentName: documentName.trim(),
            expirationDate: expirationDate || null,
            reminderDays: days,
            file: await readFileAsDataUrl(file),
          },
          idempotencyKey: key.current,
        },
      });
      toaster.success({ title: 'Document Added', description: `${documentName.trim()} is in your vault.` });
      onClose();
    } catch (err) {
      toaster.error({ title: 'Could not add the document', description: errorMessage(err) });
    }
  };

  return (
    <DialogFrame
      onClose={onClose}
      title="Add Document to Vault"
      testId="vault-add-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      footer={<FormDialogActions submitLabel="Add Document" loading={loading} loadingText="Adding..." />}
    >
      <Stack gap="4">
        <Field.Root>
          <Field.Label>
            Document Type <Required />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field aria-required value={documentType} onChange={(e) => setType(e.currentTarget.value)}>
              <option value="">Select type</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {typeLabel(t)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>
            Document Name <Required />
          </Field.Label>
          <Input
            aria-required
            value={documentName}
            onChange={(e) => setName(e.target.value)}
            maxLength={120}
            placeholder="e.g. South African passport"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>File (image or PDF)</Field.Label>
          <FileAttachment
            inputRef={picker}
            accept="image/*,application/pdf,.pdf"
            testId="vault-file-input"
            file={file}
            onPick={pick}
            onRemove={() => setFile(null)}
            buttonLabel="Choose File"
          />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Expiration Date</Field.Label>
            <Input type="date" value={expirationDate} onChange={(e) => setExpiry(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Reminder (days before)</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={maxReminderDays}
              value={reminderDays}
              onChange={(e) => setReminder(e.target.value)}
            />
          </Field.Root>
        </SimpleGrid>
      </Stack>
    </DialogFrame>
  );
}
