import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { Route, Routes, useLocation } from 'react-router';
import {
  BookEventTicketsDocument,
  EventCategoriesDocument,
  EventDetailDocument,
  EventsDocument,
  MyEventsDocument,
  MyTicketsDocument,
  type EventCard_EventFragment,
} from './events.generated';
import { renderWithProviders } from '../../test/render';
import EventsScreen, { EVENTS_PAGE } from './EventsScreen';

function makeEvent(
  overrides: Partial<EventCard_EventFragment> = {},
): EventCard_EventFragment & { __typename: 'Event' } {
  return {
    __typename: 'Event',
    id: 'ev-1',
    title: 'Amapiano Night',
    description: 'Dance all night.',
    date: '2099-03-01',
    time: '21:00',
    location: 'Sydney',
    category: 'Music',
    ticketPrice: 25,
    totalTickets: 4,
    ticketsSold: 1,
    ticketsAvailable: 3,
    status: 'Active',
    imageUrl: null,
    hostName: 'Lerato Mokoena',
    hostImage: null,
    viewerCanManage: false,
    viewerTickets: 0,
    revenue: null,
    isCancelled: false,
    ...overrides,
  };
}

const page = (typename: string, nodes: unknown[]) => ({
  __typename: typename,
  nodes,
  pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
});
const eventsMock = (
  nodes: ReturnType<typeof makeEvent>[],
  category: string | null = null,
  delay = 0,
): MockLink.MockedResponse => ({
  request: { query: EventsDocument, variables: { first: EVENTS_PAGE, category } },
  result: { data: { events: page('EventConnection', nodes) } },
  delay,
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

// The categories the server serves (Query.eventCategories), as the filter and the create dialog read them.
const categoriesMock: MockLink.MockedResponse = {
  request: { query: EventCategoriesDocument },
  result: {
    data: { eventCategories: ['Networking', 'Technology', 'Arts & Culture', 'Business', 'Sports', 'Music', 'Other'] },
  },
};

const renderScreen = (mocks: MockLink.MockedResponse[], route = '/events') =>
  renderWithProviders(
    <>
      <EventsScreen />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { mocks: [categoriesMock, ...mocks], route },
  );
const detailMock = (
  id: string,
  answer: Pick<MockLink.MockedResponse, 'result' | 'error'>,
  delay = 0,
): MockLink.MockedResponse => ({
  request: { query: EventDetailDocument, variables: { id } },
  delay,
  ...answer,
});

describe('EventsScreen', () => {
  it('shows loading, then cards with host, price, tickets left and the Active / Sold Out badge', async () => {
    renderScreen([
      eventsMock(
        [
          makeEvent(),
          makeEvent({
            id: 'ev-2',
            title: 'Braai',
            ticketPrice: 0,
            ticketsAvailable: 0,
            ticketsSold: 4,
            status: 'Sold Out',
          }),
        ],
        null,
        30,
      ),
    ]);
    expect(screen.getByText('Loading events...')).toBeInTheDocument();
    const [active, soldOut] = await screen.findAllByTestId('event-card');
    expect(within(active).getByText('Hosted by Lerato Mokoena')).toBeInTheDocument();
    expect(within(active).getByText('$25')).toBeInTheDocument();
    expect(within(active).getByText('3 tickets left')).toBeInTheDocument();
    expect(within(active).getByTestId('event-status')).toHaveTextContent('Active');
    expect(within(active).getByRole('button', { name: 'Book Now: Amapiano Night' })).toBeEnabled();
    expect(within(soldOut).getByText('Free')).toBeInTheDocument();
    expect(within(soldOut).getByTestId('event-status')).toHaveTextContent('Sold Out');
    expect(within(soldOut).getByRole('button', { name: 'Sold Out: Braai' })).toBeDisabled();
  });

  it('shows the empty text when no event matches', async () => {
    renderScreen([eventsMock([])]);
    expect(await screen.findByTestId('events-empty')).toBeInTheDocument();
  });

  it('shows an error with Retry when the list cannot load', async () => {
    renderScreen([
      {
        request: { query: EventsDocument, variables: { first: EVENTS_PAGE, category: null } },
        error: new Error('Network down'),
      },
    ]);
    expect(await screen.findByText('Could not load events')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('filters by category on the server', async () => {
    renderScreen([
      eventsMock([makeEvent()]),
      eventsMock([makeEvent({ id: 'ev-3', title: 'Cricket', category: 'Sports' })], 'Sports'),
    ]);
    await screen.findByText('Amapiano Night');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Sports');
    expect(await screen.findByText('Cricket')).toBeInTheDocument();
  });

  it('books with the quantity clamped to what remains, the total, the no-payment note and Booking Confirmed!', async () => {
    const event = makeEvent();
    const booked = { ...event, ticketsSold: 4, ticketsAvailable: 0, status: 'Sold Out', viewerTickets: 3 };
    renderScreen([
      eventsMock([event]),
      {
        request: { query: BookEventTicketsDocument, variables: { eventId: 'ev-1', quantity: 3 } },
        result: {
          data: {
            bookEventTickets: {
              __typename: 'EventBooking',
              id: 'b1',
              quantity: 3,
              ticketCode: 'EVT-ABCDEFGHJK',
              event: booked,
            },
          },
        },
      },
      {
        request: { query: MyTicketsDocument, variables: { first: EVENTS_PAGE } },
        result: { data: { myTickets: page('EventBookingConnection', []) } },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now: Amapiano Night' }));
    const dialog = await screen.findByTestId('booking-dialog');
    expect(within(dialog).getByText(/No payment is taken here/)).toBeInTheDocument();
    const qty = within(dialog).getByRole('spinbutton', { name: 'Number of tickets' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '9');
    expect(within(dialog).getByTestId('booking-total')).toHaveTextContent('Total: $75');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Booking Confirmed!')).toBeInTheDocument();
    expect(screen.getByText("You've successfully booked 3 ticket(s) for Amapiano Night")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('event-status')).toHaveTextContent('Sold Out'));
  });

  it("refuses a new event without title, date or location with 'Missing Information'", async () => {
    renderScreen([eventsMock([])]);
    await userEvent.click(screen.getByRole('button', { name: 'Event' }));
    const dialog = await screen.findByTestId('create-event-dialog');
    expect(within(dialog).getByRole('spinbutton', { name: 'Total tickets' })).toHaveValue(50);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
  });

  it('My Tickets shows each booking with its ticket code; an empty list says so', async () => {
    renderScreen(
      [
        {
          request: { query: MyTicketsDocument, variables: { first: EVENTS_PAGE } },
          result: {
            data: {
              myTickets: page('EventBookingConnection', [
                {
                  __typename: 'EventBooking',
                  id: 'b1',
                  quantity: 2,
                  ticketCode: 'EVT-ABCDEFGHJK',
                  createdAt: new Date().toISOString(),
                  event: makeEvent(),
                },
              ]),
            },
          },
        },
      ],
      '/events?tab=tickets',
    );
    const ticket = await screen.findByTestId('ticket');
    expect(within(ticket).getByTestId('ticket-code')).toHaveTextContent('EVT-ABCDEFGHJK');
    expect(within(ticket).getByText('2 ticket(s)')).toBeInTheDocument();
  });

  it('Manage Events shows sold and revenue, and cancels only after confirmation', async () => {
    renderScreen(
      [
        {
          request: { query: MyEventsDocument, variables: { first: EVENTS_PAGE } },
          result: {
            data: {
              myEvents: page('EventConnection', [makeEvent({ viewerCanManage: true, ticketsSold: 3, revenue: 77.97 })]),
            },
          },
        },
      ],
      '/events?tab=manage',
    );
    const card = await screen.findByTestId('managed-event');
    expect(within(card).getByTestId('tickets-sold')).toHaveTextContent('3 / 4');
    expect(within(card).getByTestId('revenue')).toHaveTextContent('$77.97');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel Amapiano Night' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cancel this event?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep event' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('Manage Events says when the member hosts nothing', async () => {
    renderScreen(
      [
        {
          request: { query: MyEventsDocument, variables: { first: EVENTS_PAGE } },
          result: { data: { myEvents: page('EventConnection', []) } },
        },
      ],
      '/events?tab=manage',
    );
    expect(await screen.findByTestId('manage-empty')).toBeInTheDocument();
  });

  it("/events?id= opens that event's details (loading first); Book Now books from them; closing takes id out of the URL", async () => {
    const event = makeEvent({ id: 'ev-7', title: 'Jazz on the Lawn', description: 'Bring a blanket.' });
    renderScreen(
      [
        {
          request: { query: MyTicketsDocument, variables: { first: EVENTS_PAGE } },
          result: { data: { myTickets: page('EventBookingConnection', []) } },
        },
        detailMock('ev-7', { result: { data: { event } } }, 30),
      ],
      '/events?tab=tickets&id=ev-7',
    );
    const dialog = await screen.findByTestId('event-detail');
    expect(within(dialog).getByText('Loading event...')).toBeInTheDocument();
    expect(await within(dialog).findByRole('heading', { name: 'Jazz on the Lawn' })).toBeInTheDocument();
    expect(within(dialog).getByText('Hosted by Lerato Mokoena')).toBeInTheDocument();
    expect(within(dialog).getByText('Bring a blanket.')).toBeInTheDocument();
    expect(within(dialog).getByText('3 tickets left')).toBeInTheDocument();
    expect(within(dialog).getByTestId('event-price')).toHaveTextContent('$25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book Now: Jazz on the Lawn' }));
    const booking = await screen.findByTestId('booking-dialog');
    await userEvent.click(within(booking).getByRole('button', { name: 'Cancel' }));
    const back = await screen.findByTestId('event-detail');
    expect(screen.getByTestId('where')).toHaveTextContent('/events?tab=tickets&id=ev-7');
    await userEvent.click(within(back).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('event-detail')).toBeNull());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/events\?tab=tickets$/);
  });

  it('/events?id= of an unknown event says it was not found', async () => {
    renderScreen([eventsMock([]), detailMock('gone', { result: { data: { event: null } } })], '/events?id=gone');
    const dialog = await screen.findByTestId('event-detail');
    expect(await within(dialog).findByTestId('event-not-found')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/events$/));
  });

  it('/events?id= whose load fails shows the error with Retry', async () => {
    renderScreen([eventsMock([]), detailMock('ev-8', { error: new Error('Network down') })], '/events?id=ev-8');
    const dialog = await screen.findByTestId('event-detail');
    expect(await within(dialog).findByText('Could not load this event')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
