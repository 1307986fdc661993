import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { RequestPasswordResetDocument, ResetPasswordDocument, SignUpDocument } from './auth.generated';
import { appConfigMock } from '../../test/appConfig';
import { renderWithProviders } from '../../test/render';
import LandingScreen from './LandingScreen';

const config = appConfigMock({ googleEnabled: false, facebookEnabled: true });

describe('LandingScreen', () => {
  it('offers Facebook only when enabled, and the sign-up form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingScreen />, { mocks: [config] });
    expect(await screen.findByRole('button', { name: 'Sign in with Facebook' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    for (const label of ['First name', 'Last name', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
  });

  it('sends a reset link and says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingScreen />, {
      mocks: [
        config,
        {
          request: { query: RequestPasswordResetDocument, variables: { email: 'a@example.com' } },
          result: { data: { requestPasswordReset: true } },
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText(/^Email/), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('If an account exists for that email, a reset link is on its way.'),
    ).toBeInTheDocument();
  });

  it('sets a new password from a ?reset= link, then shows the sign-in form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LandingScreen />, {
      route: '/?reset=tok123',
      mocks: [
        config,
        {
          request: { query: ResetPasswordDocument, variables: { token: 'tok123', password: 'newpass123' } },
          result: { data: { resetPassword: true } },
        },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password/), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("shows the server's message when it refuses a common password at sign-up", async () => {
    const user = userEvent.setup();
    const message =
      'password is too common or too easy to guess: choose a longer one, for instance a few unrelated words';
    const input = { firstName: 'Lerato', lastName: 'Molefe', email: 'lerato@example.com', password: 'Password1' };
    renderWithProviders(<LandingScreen />, {
      mocks: [
        config,
        {
          request: { query: SignUpDocument, variables: { input } },
          result: {
            errors: [
              new GraphQLError(message, {
                extensions: { code: 'BAD_USER_INPUT', field: 'password', reason: 'commonPassword' },
              }),
            ],
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(screen.getByText(/not a common password/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^First name/), input.firstName);
    await user.type(screen.getByLabelText(/^Last name/), input.lastName);
    await user.type(screen.getByLabelText(/^Email/), input.email);
    await user.type(screen.getByLabelText(/^Password/), input.password);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
