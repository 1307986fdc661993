import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Field,
  Flex,
  Heading,
  HStack,
  Icon,
  Input,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ApolloCache } from '@apollo/client';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FaFacebook, FaGoogle } from 'react-icons/fa';
import {
  LuBriefcase,
  LuCalendar,
  LuChefHat,
  LuHeart,
  LuLock,
  LuMail,
  LuMessageCircle,
  LuNewspaper,
  LuRadio,
  LuRss,
  LuShoppingBag,
  LuStore,
} from 'react-icons/lu';
import type { IconType } from 'react-icons';
import {
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useSignInMutation,
  useSignUpMutation,
} from './auth.generated';
import { useAppConfigQuery } from '../../ui/appConfig.generated';
import { MeDocument, type MeQuery, type SessionUserFragment } from '../../ui/session.generated';
import { ColorModeButton } from '../../ui/color-mode';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../ui/Screen';
import { FormError, NameFields, useAuthForm } from './forms';
import { pageNavigation } from '../../lib/navigation';
import { PasskeySignInButton, pendingTokenOf, SecondStepForm } from './SecondStep';

export const RESET_SENT_MESSAGE = 'If an account exists for that email, a reset link is on its way.';
export const RESET_DONE_MESSAGE = 'Your password has been changed. Sign in with your new password.';

type Mode = 'start' | 'signin' | 'signup' | 'forgot';

/** Puts the signed-in member into the cache so the session gate shows the app at once, without a reload. */
function storeSessionUser(cache: ApolloCache, user: SessionUserFragment | undefined | null) {
  if (!user) return;
  cache.writeQuery<MeQuery>({ query: MeDocument, data: { me: user } });
}

function FormNotice({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="success" role="status" size="sm">
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button variant="plain" size="sm" px="0" h="auto" colorPalette="green" color="colorPalette.fg" onClick={onClick}>
      {children}
    </Button>
  );
}

function SignInForm({
  notice,
  onForgot,
  onSignUp,
  onSecondStep,
}: {
  notice?: string | null;
  onForgot: () => void;
  onSignUp: () => void;
  onSecondStep: (pendingToken: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [signIn, { loading }] = useSignInMutation({
    update: (cache, { data }) => storeSessionUser(cache, data?.signIn),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await signIn({ variables: { input: { email: email.trim(), password } } });
    } catch (err) {
      const pending = pendingTokenOf(err);
      if (pending) return onSecondStep(pending);
      setError(errorMessage(err));
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={onSubmit} aria-labelledby="signin-heading">
      <Heading as="h2" id="signin-heading" size="md">
        Sign in with email
      </Heading>
      {notice && <FormNotice>{notice}</FormNotice>}
      <FormError message={error} />
      <Field.Root required>
        <Field.Label>Email</Field.Label>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field.Root>
      <Field.Root required>
        <Field.Label>Password</Field.Label>
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field.Root>
      <Button type="submit" colorPalette="green" loading={loading}>
        Sign in
      </Button>
      <Flex justify="space-between" wrap="wrap" gap="2">
        <LinkButton onClick={onForgot}>Forgot password?</LinkButton>
        <LinkButton onClick={onSignUp}>Create an account</LinkButton>
      </Flex>
    </Stack>
  );
}

function SignUpForm({ minLength, onSignIn }: { minLength?: number; onSignIn: () => void }) {
  const [signUp, { loading }] = useSignUpMutation({
    update: (cache, { data }) => storeSessionUser(cache, data?.signUp),
  });
  const { form, set, error, onSubmit } = useAuthForm({ firstName: '', lastName: '', email: '', password: '' }, (f) =>
    signUp({
      variables: {
        input: {
          firstName: f.firstName.trim(),
          lastName: f.lastName.trim(),
          email: f.email.trim(),
          password: f.password,
        },
      },
    }),
  );

  return (
    <Stack as="form" gap="4" onSubmit={onSubmit} aria-labelledby="signup-heading">
      <Heading as="h2" id="signup-heading" size="md">
        Create your account
      </Heading>
      <FormError message={error} />
      <NameFields firstName={form.firstName} lastName={form.lastName} set={set} />
      <Field.Root required>
        <Field.Label>Email</Field.Label>
        <Input type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} />
      </Field.Root>
      <Field.Root required>
        <Field.Label>Password</Field.Label>
        <Input
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
        />
        {minLength ? (
          <Field.HelperText>At least {minLength} characters, and not a common password.</Field.HelperText>
        ) : null}
      </Field.Root>
      <Text fontSize="xs" color="fg.muted">
        By creating an account you confirm you are at least 18 and accept our{' '}
        <ChakraLink asChild colorPalette="green" color="colorPalette.fg">
          <RouterLink to="/terms">Terms</RouterLink>
        </ChakraLink>{' '}
        and{' '}
        <ChakraLink asChild colorPalette="green" color="colorPalette.fg">
          <RouterLink to="/privacy">Privacy Policy</RouterLink>
        </ChakraLink>
        .
      </Text>
      <Button type="submit" colorPalette="green" loading={loading}>
        Create account
      </Button>
      <Text fontSize="sm">
        Already a member? <LinkButton onClick={onSignIn}>Sign in with email</LinkButton>
      </Text>
    </Stack>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requestReset, { loading }] = useRequestPasswordResetMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await requestReset({ variables: { email: email.trim() } });
      setSent(true);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={onSubmit} aria-labelledby="forgot-heading">
      <Heading as="h2" id="forgot-heading" size="md">
        Reset your password
      </Heading>
      {sent ? (
        <FormNotice>{RESET_SENT_MESSAGE}</FormNotice>
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted">
            Enter the email you signed up with and we will send you a link to choose a new password.
          </Text>
          <FormError message={error} />
          <Field.Root required>
            <Field.Label>Email</Field.Label>
            <Input
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field.Root>
          <Button type="submit" colorPalette="green" loading={loading}>
            Send reset link
          </Button>
        </>
      )}
      <LinkButton onClick={onBack}>Back to sign in</LinkButton>
    </Stack>
  );
}

function ResetPasswordForm({ token, minLength, onDone }: { token: string; minLength?: number; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resetPassword, { loading }] = useResetPasswordMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await resetPassword({ variables: { token, password } });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={onSubmit} aria-labelledby="reset-heading">
      <Heading as="h2" id="reset-heading" size="md">
        Choose a new password
      </Heading>
      <FormError message={error} />
      <Field.Root required>
        <Field.Label>New password</Field.Label>
        <Input
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {minLength ? (
          <Field.HelperText>At least {minLength} characters, and not a common password.</Field.HelperText>
        ) : null}
      </Field.Root>
      <Button type="submit" colorPalette="green" loading={loading}>
        Set new password
      </Button>
    </Stack>
  );
}

function AuthCard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const resetToken = searchParams.get('reset');
  const [mode, setMode] = useState<Mode>('start');
  const [notice, setNotice] = useState<string | null>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  // The second step of a sign-in: after a password, or after Google or Facebook (`?twofactor=`, taken out of the
  // address).
  const [pending, setPending] = useState<string | null>(() => searchParams.get('twofactor'));
  useEffect(() => {
    if (searchParams.has('twofactor')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  const { data } = useAppConfigQuery();
  const config = data?.appConfig;

  const go = (next: Mode) => {
    setNotice(null);
    setMode(next);
  };

  let body: ReactNode = null;
  if (pending) {
    body = (
      <SecondStepForm
        pendingToken={pending}
        onBack={() => {
          setPending(null);
          go('signin');
        }}
      />
    );
  } else if (resetToken) {
    body = (
      <ResetPasswordForm
        token={resetToken}
        minLength={config?.passwordMinLength}
        onDone={() => {
          setSearchParams({}, { replace: true });
          setMode('signin');
          setNotice(RESET_DONE_MESSAGE);
        }}
      />
    );
  } else if (mode === 'signin') {
    body = (
      <SignInForm
        notice={notice}
        onForgot={() => go('forgot')}
        onSignUp={() => go('signup')}
        onSecondStep={setPending}
      />
    );
  } else if (mode === 'signup') {
    body = <SignUpForm minLength={config?.passwordMinLength} onSignIn={() => go('signin')} />;
  } else if (mode === 'forgot') {
    body = <ForgotPasswordForm onBack={() => go('signin')} />;
  }

  return (
    <Card.Root w="full" maxW="md" variant="elevated" data-testid="auth-card">
      <Card.Body>
        <Stack gap="5">
          <Stack gap="3">
            {config?.googleEnabled && (
              <Button variant="outline" onClick={() => pageNavigation.go('/api/login?provider=google')}>
                <FaGoogle aria-hidden /> Sign in with Google
              </Button>
            )}
            {config?.facebookEnabled && (
              <Button variant="outline" onClick={() => pageNavigation.go('/api/auth/facebook')}>
                <FaFacebook aria-hidden /> Sign in with Facebook
              </Button>
            )}
            <Button
              variant={mode === 'signin' ? 'subtle' : 'outline'}
              aria-pressed={mode === 'signin'}
              onClick={() => go('signin')}
            >
              <LuMail aria-hidden /> Email
            </Button>
            <PasskeySignInButton onError={setPasskeyError} />
            <FormError message={passkeyError} />
          </Stack>
          {body}
          {mode === 'start' && !resetToken && (
            <Text fontSize="sm" textAlign="center">
              New to Saffa? <LinkButton onClick={() => go('signup')}>Create an account</LinkButton>
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

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
