import { useState } from 'react';
import { IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { LuBan, LuEllipsis, LuFlag, LuHeartCrack } from 'react-icons/lu';
import { errorMessage } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useReportDialog } from '../../ui/Report';
import { reportTexts } from '../../ui/reportKinds';
import { toaster } from '../../ui/toaster';
import { useBlockDatingAliasMutation, useUnmatchDatingMutation } from './datingChat.generated';
import type { ConversationRow_ConversationFragment } from './messages.generated';

type Match = NonNullable<ConversationRow_ConversationFragment['datingMatch']>;
type Confirm = 'unmatch' | 'block' | null;

const TEXTS = {
  unmatch: {
    title: 'Unmatch',
    question: (name: string) =>
      `Unmatch ${name}? This chat closes for both of you and the match leaves both lists. This cannot be undone.`,
    action: 'Unmatch',
    done: (name: string) => `You unmatched ${name}. This chat is closed.`,
  },
  block: {
    title: 'Block alias',
    question: (name: string) =>
      `Block ${name}? You will never see this alias again, it will no longer see yours, and this chat closes for ` +
      `both of you. This cannot be undone.`,
    action: 'Block',
    done: (name: string) => `You blocked ${name}. This chat is closed.`,
  },
};

/**
 * The safety actions of a dating match's chat (issue 24): Unmatch, Report the other alias, Block the other alias.
 * Unmatch and Block ask first (a red confirm button); Report opens the shared report dialog (kind `alias`: admins
 * see the alias, never the member behind it). Once the match has ended only Report stays. `onChanged` refetches the
 * conversation so the chat shows it is closed.
 */
export function DatingChatActions({
  match,
  aliasName,
  onChanged,
}: {
  match: Match;
  aliasName: string;
  onChanged: () => unknown;
}) {
  const [confirm, setConfirm] = useState<Confirm>(null);
  const report = useReportDialog();
  const [unmatch, unmatching] = useUnmatchDatingMutation();
  const [block, blocking] = useBlockDatingAliasMutation();
  const loading = unmatching.loading || blocking.loading;
  const ended = !!match.endedAt;

  const onConfirm = async () => {
    if (!confirm || loading) return;
    try {
      if (confirm === 'unmatch') await unmatch({ variables: { matchId: match.id } });
      else await block({ variables: { aliasId: match.alias.id } });
      toaster.create({ type: 'success', title: 'Success', description: TEXTS[confirm].done(aliasName) });
      setConfirm(null);
      await onChanged();
    } catch (err) {
      toaster.create({
        type: 'error',
        title: 'Error',
        description: errorMessage(err, `Failed to ${TEXTS[confirm].action.toLowerCase()}.`),
      });
    }
  };

  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        onSelect={({ value }) =>
          value === 'report' ? report.open({ kind: 'alias', subjectId: match.alias.id }) : setConfirm(value as Confirm)
        }
      >
        <Menu.Trigger asChild>
          <IconButton
            aria-label="Match options"
            variant="ghost"
            size="sm"
            minW="11"
            minH="11"
            ml="auto"
            data-testid="match-options"
          >
            <LuEllipsis />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="11rem">
              {!ended && (
                <Menu.Item value="unmatch">
                  <LuHeartCrack aria-hidden />
                  Unmatch
                </Menu.Item>
              )}
              <Menu.Item value="report">
                <LuFlag aria-hidden />
                {reportTexts('alias').title}
              </Menu.Item>
              {!ended && (
                <Menu.Item value="block" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
                  <LuBan aria-hidden />
                  Block alias
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {confirm && (
        <ConfirmDialog
          title={TEXTS[confirm].title}
          testId={`${confirm}-dialog`}
          onClose={() => setConfirm(null)}
          confirmLabel={TEXTS[confirm].action}
          loading={loading}
          onConfirm={() => void onConfirm()}
        >
          <Text>{TEXTS[confirm].question(aliasName)}</Text>
        </ConfirmDialog>
      )}
      {report.dialog}
    </>
  );
}

/** In place of the composer once the match has ended: the chat is closed for both sides. */
export function ClosedChatNotice() {
  return (
    <Text p="3" borderTopWidth="1px" color="fg.muted" textAlign="center" role="status" data-testid="chat-closed">
      This chat is closed: the match has ended. Neither of you can send messages here.
    </Text>
  );
}
