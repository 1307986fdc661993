import { useState } from 'react';
import { Button, RadioGroup, Stack } from '@chakra-ui/react';
import type { ReportReason } from '../gql/graphql';
import { errorCode, errorMessage } from '../lib/errors';
import { DialogFrame } from './DialogFrame';
import { useReportContentMutation } from './report.generated';
import { reportTexts, type ReportSubject } from './reportKinds';
import { toaster } from './toaster';
import { useAppConfig } from './useAppConfig';

/**
 * The one report dialog (spec 000 section 5), for every kind of content: the six reasons appConfig serves, Submit
 * once one is chosen. A second report of the same item is no failure: the server's CONFLICT shows as an
 * 'Already reported' notice. Loaded on first use (ReportButton, useReportDialog), so it costs the first screen nothing.
 */
export function ReportDialog({ kind, subjectId, onClose }: ReportSubject & { onClose: () => void }) {
  const texts = reportTexts(kind);
  const [reason, setReason] = useState<ReportReason | null>(null);
  // One key for this dialog: a retry after a lost answer is the same report, not a second one.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [report, { loading }] = useReportContentMutation();
  const reasons = useAppConfig().config?.reportReasons ?? [];

  const onSubmit = async () => {
    if (!reason || loading) return;
    try {
      await report({ variables: { kind, subjectId, reason, idempotencyKey } });
      toaster.create({ type: 'success', title: 'Success', description: texts.success });
      onClose();
    } catch (err) {
      if (errorCode(err) === 'CONFLICT' || /already reported/i.test(errorMessage(err, ''))) {
        toaster.create({
          type: 'info',
          title: 'Already reported',
          description: errorMessage(err, 'You have already reported this.'),
        });
        onClose();
      } else {
        toaster.create({ type: 'error', title: 'Error', description: texts.failure });
      }
    }
  };

  return (
    <DialogFrame
      title={texts.title}
      testId="report-dialog"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="red" disabled={!reason} loading={loading} onClick={() => void onSubmit()}>
            Submit
          </Button>
        </>
      }
    >
      <RadioGroup.Root
        value={reason}
        onValueChange={(e) => setReason((e.value as ReportReason | null) ?? null)}
        colorPalette="red"
        aria-labelledby="report-reason-label"
      >
        <Stack gap="3">
          <RadioGroup.Label id="report-reason-label">{texts.question}</RadioGroup.Label>
          {reasons.map((r) => (
            <RadioGroup.Item key={r.value} value={r.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{r.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </DialogFrame>
  );
}

export default ReportDialog;
