import { Suspense } from 'react';
import { Box, Flex, Link as ChakraLink } from '@chakra-ui/react';
import { Outlet } from 'react-router';
import { ServerRenderEnd } from '../lib/pageHints';
import { EmailConfirmBanner } from '../features/auth';
import { FriendsPanelProvider } from '../features/friends';
import { KletsUnreadProvider } from '../features/groups';
import { MessagesProvider } from '../features/messages';
import { NotificationsProvider } from '../features/notifications';
import { FloatingRadioPlayer, RadioPlayerProvider } from '../features/radio';
import { TutorialProvider } from '../features/tutorial';
import { useIsMobile } from '../lib/useMediaQuery';
import { BottomBar, BOTTOM_BAR_HEIGHT } from './BottomBar';
import { LoadingScreen } from '../ui/Screen';
import { SheetBadgesProvider } from './SheetBadgesProvider';
import { Sidebar } from './Sidebar';
import { SidebarProvider } from './sidebar-context';
import { TopBar } from './TopBar';
import { useSession } from '../ui/session';

/**
 * Signed-in layout: sidebar (desktop), top bar, main area; on mobile a sheet menu and a bottom bar. Live
 * notifications, the live Messages badge, the friends panel, the tutorial overlay and the one radio player (with the
 * floating player: open at start on desktop, opened by the sheet's Radio entry on phones) wrap it all.
 */
export default function SignedInLayout() {
  const mobile = useIsMobile();
  const me = useSession();
  return (
    <SidebarProvider>
      <NotificationsProvider>
        <MessagesProvider>
          <KletsUnreadProvider>
            <SheetBadgesProvider>
              <FriendsPanelProvider>
                <TutorialProvider>
                  <RadioPlayerProvider floatingOpenAtStart={!mobile}>
                    <ChakraLink
                      href="#main"
                      position="absolute"
                      left="-9999px"
                      zIndex="skipLink"
                      _focus={{ left: '2', top: '2', bg: 'bg', px: '3', py: '2', borderRadius: 'md', boxShadow: 'md' }}
                    >
                      Skip to content
                    </ChakraLink>
                    <Flex minH="100dvh">
                      {!mobile && <Sidebar />}
                      <Flex direction="column" flex="1" minW="0">
                        <TopBar mobile={mobile} />
                        {me.email && me.emailVerified === false && <EmailConfirmBanner email={me.email} />}
                        {/* Room under the page for the floating radio player, so it never covers the last buttons of a
                           page. */}
                        <Box
                          as="main"
                          id="main"
                          tabIndex={-1}
                          flex="1"
                          pb={mobile ? BOTTOM_BAR_HEIGHT : '24'}
                          outline="none"
                        >
                          <Suspense fallback={<LoadingScreen />}>
                            <Outlet />
                            <ServerRenderEnd />
                          </Suspense>
                        </Box>
                      </Flex>
                    </Flex>
                    {mobile && <BottomBar />}
                    {/* On desktop it starts minimised (a strip with play/pause) so it covers little of the page; on
                       phones the sheet opens it expanded. */}
                    <FloatingRadioPlayer
                      bottom={mobile ? `calc(${BOTTOM_BAR_HEIGHT} + 0.75rem)` : '4'}
                      minimisedAtStart={!mobile}
                    />
                  </RadioPlayerProvider>
                </TutorialProvider>
              </FriendsPanelProvider>
            </SheetBadgesProvider>
          </KletsUnreadProvider>
        </MessagesProvider>
      </NotificationsProvider>
    </SidebarProvider>
  );
}
