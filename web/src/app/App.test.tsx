import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ChooseNameDocument,
  ResendVerificationEmailDocument,
  SignInDocument,
  VerifyEmailDocument,
} from '../features/auth/auth.generated';
import { MeDocument } from '../ui/session.generated';
import { appConfigMock } from '../test/appConfig';
import { makeUser, renderWithProviders } from '../test/render';
import { App } from './App';

const meMock = (me: ReturnType<typeof makeUser> | null, delay = 0) => ({
  request: { query: MeDocument },
  result: { data: { me } },
  delay,
});

const configMock = (googleEnabled = false, facebookEnabled = false) => ({
  ...appConfigMock({ googleEnabled, facebookEnabled }),
  maxUsageCount: 5,
});

describe('session gate', () => {
  it('shows a centred spinner while the session loads', async () => {
    renderWithProviders(<App />, { mocks: [meMock(null, 200)] });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows the landing screen to signed-out visitors on any path', async () => {
    renderWithProviders(<App />, { mocks: [meMock(null), configMock(true, false)], route: '/messages' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saffa' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Facebook' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Email' })).toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  });

  it('shows the privacy page to signed-out visitors', async () => {
    renderWithProviders(<App />, { mocks: [meMock(null)], route: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/at least 18/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
  });

  it.each(['/privacy', '/terms'])('%s offers a signed-in member the way back to Saffa, not to login', async (route) => {
    const user = userEvent.setup();
    renderWithProviders(<App />, { mocks: [meMock(makeUser())], route });
    const back = await screen.findByRole('link', { name: 'Back to Saffa' });
    expect(screen.queryByRole('link', { name: /back to login/i })).not.toBeInTheDocument();
    expect(back).toHaveAttribute('href', '/');
    await user.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('shows the signed-in layout to members', async () => {
    renderWithProviders(<App />, { mocks: [meMock(makeUser())] });
    expect(await screen.findByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
    expect(screen.getByTestId('topbar')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    const primary = screen.getByRole('navigation', { name: 'Primary' });
    expect(within(primary).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(primary).getByRole('link', { name: 'Messages' })).not.toHaveAttribute('aria-current');
    // Admin link only for admins; News and Bragging Rights are off by default.
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Local Community Chats' })).toHaveAttribute('href', '/klets');
    expect(within(sidebar).queryByRole('link', { name: 'News' })).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Thandi Nkosi' })).toHaveAttribute('href', '/profile');
    expect(within(sidebar).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/profile?tab=settings');
  });

  it('shows the Admin link to admins', async () => {
    renderWithProviders(<App />, { mocks: [meMock(makeUser({ role: 'admin' }))] });
    const sidebar = await screen.findByTestId('sidebar');
    expect(within(sidebar).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('denies the admin panel to non-admins', async () => {
    renderWithProviders(<App />, { mocks: [meMock(makeUser())], route: '/admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "You don't have permission to access the admin panel. This area is restricted to administrators only.",
      ),
    ).toBeInTheDocument();
  });

  it('shows the not-found screen for unknown paths', async () => {
    renderWithProviders(<App />, { mocks: [meMock(makeUser())], route: '/no-such-page' });
    expect(await screen.findByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: /404/ })).toBeInTheDocument();
  });

  it("routes a shared post path to the post's screen", async () => {
    renderWithProviders(<App />, { mocks: [meMock(makeUser())], route: '/post/abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post' })).toBeInTheDocument();
  });

  it('shows the signed-in layout right after signing in, without a reload', async () => {
    const user = userEvent.setup();
    const member = makeUser();
    renderWithProviders(<App />, {
      mocks: [
        meMock(null),
        configMock(),
        {
          request: {
            query: SignInDocument,
            variables: { input: { email: 'thandi@example.com', password: 'secret123' } },
          },
          result: { data: { signIn: member } },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Email' }));
    await user.type(screen.getByLabelText(/^Email/), 'thandi@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
  });

  it('asks a member without a name (a provider account) to choose one before the app, then shows the app', async () => {
    const user = userEvent.setup();
    const nameless = makeUser({ firstName: null, lastName: null, displayName: 'User', initials: 'U' });
    renderWithProviders(<App />, {
      mocks: [
        meMock(nameless),
        {
          request: { query: ChooseNameDocument, variables: { firstName: 'Thandi', lastName: 'Nkosi' } },
          result: { data: { chooseName: makeUser() } },
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your name' })).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(screen.queryByText('thandi@example.com')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^First name/), 'Thandi');
    await user.type(screen.getByLabelText(/^Last name/), 'Nkosi');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('sidebar')).toBeInTheDocument();
  });

  it('marks a member whose e-mail is not confirmed and sends the link again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<App />, {
      mocks: [
        meMock(makeUser({ emailVerified: false })),
        { request: { query: ResendVerificationEmailDocument }, result: { data: { resendVerificationEmail: true } } },
      ],
    });
    const banner = await screen.findByTestId('email-confirm-banner');
    expect(banner).toHaveTextContent('Confirm your email');
    expect(banner).toHaveTextContent('thandi@example.com');
    await user.click(within(banner).getByRole('button', { name: 'Send again' }));
    expect(await within(banner).findByText(/We sent a new link/)).toBeInTheDocument();
  });

  it('confirms the e-mail with the mailed link (/?verify=) and drops the mark', async () => {
    renderWithProviders(<App />, {
      route: '/?verify=the-token',
      mocks: [
        meMock(makeUser({ emailVerified: false })),
        {
          request: { query: VerifyEmailDocument, variables: { token: 'the-token' } },
          result: { data: { verifyEmail: true } },
        },
        meMock(makeUser()),
      ],
    });
    expect(await screen.findByText('Your email is confirmed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('email-confirm-banner')).not.toBeInTheDocument());
  });

  it("shows the server's message when sign-in fails", async () => {
    const user = userEvent.setup();
    renderWithProviders(<App />, {
      mocks: [
        meMock(null),
        configMock(),
        {
          request: { query: SignInDocument, variables: { input: { email: 'x@example.com', password: 'wrong' } } },
          result: { errors: [{ message: 'Invalid email or password' }] },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Email' }));
    await user.type(screen.getByLabelText(/^Email/), 'x@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });
});
