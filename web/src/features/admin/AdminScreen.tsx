import { Box, Heading, Tabs, Text } from '@chakra-ui/react';
import { isAdmin, useSession } from '../../ui/session';
import { Screen, useDocumentTitle } from '../../ui/Screen';
import { useTabParam } from '../../ui/useTabParam';
import { AuditLogTab } from './AuditLogTab';
import { BroadcastTab } from './BroadcastTab';
import { ReportsTab } from './ReportsTab';
import { ConversationsTab, useSupportInbox } from './ConversationsTab';
import { NootApprovalsTab } from './NootApprovalsTab';
import { UsersTab } from './UsersTab';
import { AdminSecurityGate } from './AdminSecurity';
import { ScrollingTab, ScrollingTabList } from '../../ui/ScrollingTabs';
import { CountBadge } from '../../ui/CountBadge';

export const ACCESS_DENIED_MESSAGE =
  "You don't have permission to access the admin panel. This area is restricted to administrators only.";

function AccessDenied() {
  useDocumentTitle('Access Denied');
  return (
    <Box maxW="xl" mx="auto" px="4" py="16" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        Access Denied
      </Heading>
      <Text color="fg.muted">{ACCESS_DENIED_MESSAGE}</Text>
    </Box>
  );
}

const TABS = ['conversations', 'users', 'reports', 'notifications', 'noot', 'audit'] as const;

/**
 * The admin panel: User Conversations (with the live count of support conversations waiting for an answer), User
 * Management, Reports (the moderation queue), Send Notifications, Noot Approvals and the Audit Log, the tab kept in
 * the URL (?tab=; User Management without it).
 */
function AdminPanel() {
  const waiting = useSupportInbox();
  const [tab, setTab] = useTabParam(TABS, 'users');
  return (
    <Screen title="Admin Panel" description="Manage members, roles and announcements for the whole community.">
      <AdminSecurityGate>
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount unmountOnExit>
          <ScrollingTabList>
            <ScrollingTab value="conversations">
              User Conversations
              <CountBadge count={waiting} label="unread conversations" data-testid="conversations-unread" />
            </ScrollingTab>
            <ScrollingTab value="users">User Management</ScrollingTab>
            <ScrollingTab value="reports">Reports</ScrollingTab>
            <ScrollingTab value="notifications">Send Notifications</ScrollingTab>
            <ScrollingTab value="noot">Noot Approvals</ScrollingTab>
            <ScrollingTab value="audit">Audit Log</ScrollingTab>
          </ScrollingTabList>
          <Tabs.Content value="conversations">
            <ConversationsTab />
          </Tabs.Content>
          <Tabs.Content value="users">
            <UsersTab />
          </Tabs.Content>
          <Tabs.Content value="reports">
            <ReportsTab />
          </Tabs.Content>
          <Tabs.Content value="notifications">
            <BroadcastTab />
          </Tabs.Content>
          <Tabs.Content value="noot">
            <NootApprovalsTab />
          </Tabs.Content>
          <Tabs.Content value="audit">
            <AuditLogTab />
          </Tabs.Content>
        </Tabs.Root>
      </AdminSecurityGate>
    </Screen>
  );
}

export default function AdminScreen() {
  const user = useSession();
  if (!isAdmin(user)) return <AccessDenied />;
  return <AdminPanel />;
}
