import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import type { WebhookDisabledReason } from '../../gql/graphql';
import { renderWithProviders } from '../../test/render';
import { webhookFormError } from './webhookEvents';
import { deliveryOutcome } from './WebhookItem';
import { Webhooks } from './Webhooks';
import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  MyWebhookPagesDocument,
  MyWebhooksDocument,
  ReplayWebhookDeliveryDocument,
  UpdateWebhookDocument,
} from './webhooks.generated';

const delivery = (id: string, more: Record<string, unknown> = {}) => ({
  __typename: 'WebhookDelivery' as const,
  id,
  event: 'newFollower' as const,
  status: 'succeeded' as const,
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  deliveredAt: '2026-01-05T10:00:01.000Z',
  nextAttemptAt: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  replayOfId: null,
  ...more,
});
const webhook = (id: string, url: string, more: Record<string, unknown> = {}) => ({
  __typename: 'Webhook' as const,
  id,
  url,
  events: ['newFollower', 'newMessage'] as const,
  businessId: null,
  businessName: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  disabledAt: null as string | null,
  disabledReason: null as WebhookDisabledReason | null,
  recentDeliveries: [] as ReturnType<typeof delivery>[],
  ...more,
});
const list = (hooks: ReturnType<typeof webhook>[]) => ({
  request: { query: MyWebhooksDocument },
  result: { data: { myWebhooks: hooks } },
  delay: 20,
});
const pages = (nodes: Array<{ id: string; name: string }>) => ({
  request: { query: MyWebhookPagesDocument },
  result: {
    data: {
      myBusinessPages: {
        __typename: 'BusinessConnection',
        nodes: nodes.map((n) => ({ __typename: 'Business', ...n })),
      },
    },
  },
});
const render = (mocks: ReadonlyArray<MockLink.MockedResponse>) => renderWithProviders(<Webhooks />, { mocks });

describe('webhookFormError', () => {
  it('asks for a full address and at least one event', () => {
    expect(webhookFormError('', ['newFollower'])).toBe('URL is required.');
    expect(webhookFormError('example.com/hook', ['newFollower'])).toBe('Enter a full https:// address.');
    expect(webhookFormError('https://example.com/hook', [])).toBe('Choose at least one event.');
    expect(webhookFormError(' https://example.com/hook ', ['newFollower'])).toBeNull();
  });
});

describe('deliveryOutcome', () => {
  it('says what the last attempt came to', () => {
    expect(deliveryOutcome(delivery('d'))).toBe('1 attempt · HTTP 200');
    expect(deliveryOutcome(delivery('d', { status: 'pending', attempts: 0, lastStatusCode: null }))).toBe(
      'Waiting to be sent',
    );
    expect(
      deliveryOutcome(delivery('d', { status: 'failed', attempts: 6, lastStatusCode: 500, lastError: 'HTTP 500' })),
    ).toBe('6 attempts · HTTP 500');
    expect(
      deliveryOutcome(
        delivery('d', {
          status: 'pending',
          attempts: 2,
          lastStatusCode: null,
          lastError: 'no answer within 5000 ms',
          nextAttemptAt: null,
        }),
      ),
    ).toBe('2 attempts · no answer within 5000 ms');
  });
});

describe('Webhooks', () => {
  it('shows loading, then each webhook with its URL, owner, events and recent deliveries', async () => {
    render([
      list([
        webhook('w1', 'https://example.com/a', {
          recentDeliveries: [
            delivery('d1'),
            delivery('d2', {
              status: 'failed',
              attempts: 6,
              lastStatusCode: 503,
              lastError: 'HTTP 503',
              event: 'newMessage',
            }),
          ],
        }),
        webhook('w2', 'https://example.com/b', {
          businessId: 'b1',
          businessName: 'Biltong Co',
          events: ['newApplication'],
          disabledAt: '2026-01-06T00:00:00.000Z',
          disabledReason: 'passwordReset',
        }),
      ]),
    ]);
    expect(screen.getByTestId('webhooks-loading')).toBeInTheDocument();
    const rows = await screen.findAllByTestId('webhook');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('https://example.com/a');
    expect(rows[0]).toHaveTextContent('Your own events');
    expect(rows[0]).toHaveTextContent('New follower · New message');
    expect(rows[0]).toHaveTextContent('Active');
    const deliveries = within(rows[0]).getAllByTestId('webhook-delivery');
    expect(deliveries[0]).toHaveTextContent('Delivered');
    expect(deliveries[1]).toHaveTextContent('Failed');
    expect(deliveries[1]).toHaveTextContent('6 attempts · HTTP 503');
    expect(rows[1]).toHaveTextContent('Business page: Biltong Co');
    expect(rows[1]).toHaveTextContent('Off');
    expect(within(rows[1]).getByTestId('webhook-disabled-reason')).toHaveTextContent(
      'Turned off when your password was reset',
    );
    expect(within(rows[0]).queryByTestId('webhook-disabled-reason')).toBeNull();
    expect(within(rows[1]).getByTestId('deliveries-empty')).toHaveTextContent('No deliveries yet.');
    expect(within(rows[1]).getByRole('button', { name: 'Turn on https://example.com/b' })).toBeInTheDocument();
  });

  it('says so when there are none, and shows a failure with Retry', async () => {
    const { unmount } = render([list([])]);
    expect(await screen.findByText('You have no webhooks.')).toBeInTheDocument();
    unmount();
    render([{ request: { query: MyWebhooksDocument }, result: { errors: [new GraphQLError('down')] } }]);
    expect(await screen.findByText('Could not load your webhooks')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('adds a webhook for a page (page events only) and shows its secret once, with Copy', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const created = webhook('w9', 'https://example.com/hook', {
      businessId: 'b1',
      businessName: 'Biltong Co',
      events: ['newFollower', 'newApplication'],
    });
    render([
      list([]),
      pages([{ id: 'b1', name: 'Biltong Co' }]),
      {
        request: {
          query: CreateWebhookDocument,
          variables: {
            input: { url: 'https://example.com/hook', events: ['newFollower', 'newApplication'], businessId: 'b1' },
          },
        },
        result: {
          data: { createWebhook: { __typename: 'CreatedWebhook', secret: 'whsec_secret123', webhook: created } },
        },
      },
      list([created]),
    ]);
    await user.click(await screen.findByTestId('create-webhook'));
    const dialog = screen.getByTestId('create-webhook-dialog');
    // Checked before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(screen.getByTestId('webhook-error')).toHaveTextContent('URL is required.');
    await user.type(screen.getByTestId('webhook-url'), 'https://example.com/hook');
    await user.selectOptions(await screen.findByTestId('webhook-owner'), 'b1');
    // A page's webhook is not offered bookings or messages.
    expect(screen.queryByTestId('webhook-event-newMessage')).not.toBeInTheDocument();
    expect(screen.queryByTestId('webhook-event-newBooking')).not.toBeInTheDocument();
    await user.click(within(screen.getByTestId('webhook-event-newApplication')).getByText('New job application'));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_secret123');
    expect(screen.getByTestId('webhook-created-dialog')).toHaveTextContent('Saffa-Signature');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('whsec_secret123');
  });

  it("shows the server's refusal in the dialog", async () => {
    const user = userEvent.setup();
    render([
      list([]),
      pages([]),
      {
        request: {
          query: CreateWebhookDocument,
          variables: { input: { url: 'https://10.0.0.1/x', events: ['newFollower'], businessId: null } },
        },
        result: {
          errors: [
            new GraphQLError(
              'Invalid url: must point to a public internet address, not a private, loopback or link-local one',
            ),
          ],
        },
      },
    ]);
    await user.click(await screen.findByTestId('create-webhook'));
    await user.type(screen.getByTestId('webhook-url'), 'https://10.0.0.1/x');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('webhook-error')).toHaveTextContent('must point to a public internet address');
  });

  it('turns a webhook off, replays a delivery, and deletes after confirmation', async () => {
    const user = userEvent.setup();
    const w = webhook('w1', 'https://example.com/a', {
      recentDeliveries: [delivery('d1', { status: 'failed', attempts: 6, lastStatusCode: 500, lastError: 'HTTP 500' })],
    });
    const replayed = delivery('d2', {
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      replayOfId: 'd1',
      createdAt: new Date().toISOString(),
    });
    render([
      list([w]),
      {
        request: { query: UpdateWebhookDocument, variables: { id: 'w1', input: { enabled: false } } },
        result: { data: { updateWebhook: { ...w, disabledAt: '2026-01-06T00:00:00.000Z', disabledReason: 'manual' } } },
      },
      {
        request: {
          query: ReplayWebhookDeliveryDocument,
          variables: (v: Record<string, unknown>) => v.id === 'd1' && typeof v.idempotencyKey === 'string',
        },
        result: { data: { replayWebhookDelivery: replayed } },
      },
      list([
        {
          ...w,
          disabledAt: '2026-01-06T00:00:00.000Z',
          disabledReason: 'manual',
          recentDeliveries: [replayed, ...w.recentDeliveries],
        },
      ]),
      {
        request: { query: DeleteWebhookDocument, variables: { id: 'w1' } },
        result: { data: { deleteWebhook: 'w1' } },
        delay: 20,
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Turn off https://example.com/a' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Replay New follower delivery/ }));
    await waitFor(() => expect(screen.getAllByTestId('webhook-delivery')).toHaveLength(2));
    expect(screen.getAllByTestId('webhook-delivery')[0]).toHaveTextContent('Pending');
    expect(screen.getAllByTestId('webhook-delivery')[0]).toHaveTextContent('replay');
    await user.click(screen.getByRole('button', { name: 'Delete https://example.com/a' }));
    const dialog = await screen.findByTestId('delete-webhook-dialog');
    expect(dialog).toHaveTextContent('https://example.com/a gets no more deliveries');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('webhook')).not.toBeInTheDocument());
  });
});
