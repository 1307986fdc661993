import {
  Box,
  Container,
  Flex,
  Heading,
  HStack,
  Icon,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import {
  LuBriefcase,
  LuCalendar,
  LuChefHat,
  LuHeart,
  LuLock,
  LuMessageCircle,
  LuNewspaper,
  LuRadio,
  LuRss,
  LuShoppingBag,
  LuStore,
} from 'react-icons/lu';
import type { IconType } from 'react-icons';
import { ColorModeButton } from '../../ui/color-mode';
import { useDocumentTitle } from '../../ui/Screen';
import { AuthCard } from './AuthCard';

interface Feature {
  icon: IconType;
  title: string;
  text: string;
}

const FEATURES: Feature[] = [
  {
    icon: LuRss,
    title: 'Community feed',
    text: 'Share posts, photos, videos and check-ins with South Africans everywhere.',
  },
  {
    icon: LuStore,
    title: 'Business pages',
    text: 'Find and follow South African businesses, or run a page for your own.',
  },
  { icon: LuBriefcase, title: 'Jobs', text: 'Post openings and apply for work within the community.' },
  { icon: LuCalendar, title: 'Events', text: 'Braais, matches and meet-ups near you, with tickets.' },
  { icon: LuMessageCircle, title: 'Messages', text: 'Private conversations and local community chats.' },
  { icon: LuHeart, title: 'Dating', text: 'Meet someone who understands where you come from.' },
  { icon: LuChefHat, title: 'Recipes', text: 'Bobotie, koeksisters, potjiekos: share a taste of home.' },
  { icon: LuRadio, title: 'Radio', text: 'Listen to South African stations wherever you are.' },
  { icon: LuShoppingBag, title: 'Marketplace', text: 'Buy and sell locally with people you can trust.' },
  { icon: LuNewspaper, title: 'News', text: 'Stay up to date with news from home and where you live.' },
];

export default function LandingScreen() {
  useDocumentTitle('');
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <Flex as="header" justify="space-between" align="center" px={{ base: '4', md: '8' }} py="4">
        <Text fontWeight="bold" fontSize="xl" color="green.fg">
          Saffa
        </Text>
        <ColorModeButton />
      </Flex>

      <Box as="main" flex="1">
        <Container maxW="6xl" py={{ base: '8', md: '16' }}>
          <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '10', lg: '16' }} align="center">
            <Stack flex="1" gap="5" textAlign={{ base: 'center', lg: 'start' }}>
              <Heading as="h1" size={{ base: '5xl', md: '6xl' }} color="green.fg" letterSpacing="tight">
                Saffa
              </Heading>
              <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="medium">
                The social network for South Africans living anywhere.
              </Text>
              <Text color="fg.muted" fontSize="lg">
                Keep in touch with home, meet the South Africans around you and find everything from a good boerewors
                roll to your next job, all in one place.
              </Text>
            </Stack>
            <Flex flex="1" justify="center" w="full">
              <AuthCard />
            </Flex>
          </Flex>
        </Container>

        <Box as="section" aria-labelledby="features-heading" bg="bg.subtle" py={{ base: '10', md: '16' }}>
          <Container maxW="6xl">
            <Heading as="h2" id="features-heading" size="2xl" textAlign="center" mb="8">
              Everything your community needs
            </Heading>
            <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 5 }} gap="4" listStyleType="none" m="0" p="0">
              {FEATURES.map((feature) => (
                <Box as="li" key={feature.title} bg="bg" borderWidth="1px" borderRadius="lg" p="4">
                  <Icon as={feature.icon} boxSize="6" color="green.fg" mb="2" aria-hidden />
                  <Heading as="h3" size="sm" mb="1">
                    {feature.title}
                  </Heading>
                  <Text fontSize="sm" color="fg.muted">
                    {feature.text}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Container maxW="3xl" py="10">
          <HStack as="section" aria-label="Privacy note" gap="3" align="start" color="fg.muted" fontSize="sm">
            <Icon as={LuLock} boxSize="5" mt="0.5" aria-hidden />
            <Text>
              Your privacy matters. Saffa is for members only: your posts are seen by the community, never sold to
              advertisers, and you can download or delete your data at any time. Read our{' '}
              <ChakraLink asChild colorPalette="green" color="colorPalette.fg">
                <RouterLink to="/privacy">Privacy Policy</RouterLink>
              </ChakraLink>
              .
            </Text>
          </HStack>
        </Container>
      </Box>

      <Flex
        as="footer"
        borderTopWidth="1px"
        px={{ base: '4', md: '8' }}
        py="5"
        gap="4"
        justify="space-between"
        wrap="wrap"
        fontSize="sm"
        color="fg.muted"
      >
        <Text>© {new Date().getFullYear()} Saffa</Text>
        <HStack as="nav" aria-label="Legal" gap="5">
          <ChakraLink asChild>
            <RouterLink to="/privacy">Privacy Policy</RouterLink>
          </ChakraLink>
          <ChakraLink asChild>
            <RouterLink to="/terms">Terms of Service</RouterLink>
          </ChakraLink>
        </HStack>
      </Flex>
    </Box>
  );
}
