import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appConfigMock } from '../test/appConfig';
import { renderWithProviders } from '../test/render';
import { ChatBubble, ChatComposer, ChatHistory } from './Chat';
import type { PagedConnection } from './usePagedConnection';

interface Line {
  id: string;
  body: string;
}

function paging(nodes: Line[], over: Partial<PagedConnection<Line>> = {}): PagedConnection<Line> {
  return {
    nodes,
    hasNextPage: false,
    sentinelRef: { current: null },
    loadMore: vi.fn(),
    loadingMore: false,
    moreFailed: false,
    ...over,
  };
}

function renderHistory(
  nodes: Line[],
  history: { data?: unknown; loading?: boolean; error?: unknown; refetch?: () => Promise<unknown> },
  over: Partial<PagedConnection<Line>> = {},
) {
  renderWithProviders(
    <ChatHistory
      paging={paging(nodes, over)}
      history={{ loading: false, refetch: vi.fn(async () => undefined), ...history }}
      testId="chat"
      label="Chat"
      renderMessage={(m) => (
        <ChatBubble key={m.id} mine={m.id === 'own'} testId="bubble">
          {m.body}
        </ChatBubble>
      )}
    />,
  );
}

describe('ChatHistory', () => {
  it('shows the messages oldest at the top (the connection is newest first)', () => {
    renderHistory(
      [
        { id: 'b', body: 'second' },
        { id: 'a', body: 'first' },
      ],
      { data: {} },
    );
    expect(screen.getAllByTestId('bubble').map((b) => b.textContent)).toEqual(['first', 'second']);
  });

  it('says so while loading', () => {
    renderHistory([], { loading: true });
    expect(screen.getByText('Loading messages...')).toBeInTheDocument();
  });

  it('shows the empty text once answered with no messages', () => {
    renderHistory([], { data: {} });
    expect(screen.getByText('No messages yet. Say hello!')).toBeInTheDocument();
  });

  it('shows the error with a Retry that asks again', async () => {
    const refetch = vi.fn(async () => undefined);
    renderHistory([], { error: new Error('down'), refetch });
    expect(screen.getByText('Could not load messages.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading messages' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('offers the older messages after a failed page', async () => {
    const loadMore = vi.fn(async () => undefined);
    renderHistory([{ id: 'a', body: 'first' }], { data: {} }, { hasNextPage: true, moreFailed: true, loadMore });
    expect(screen.getByText('Could not load older messages.')).toBeInTheDocument();
  });
});

describe('ChatComposer', () => {
  it("stops the text at the server's longest message (appConfig)", async () => {
    renderWithProviders(<ChatComposer send={vi.fn()} loading={false} />, {
      mocks: [appConfigMock({ chatMessageMaxLength: 120 })],
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('maxlength', '120'));
  });

  it('keeps Send disabled while blank, sends on Enter and clears, makes a new line on Shift+Enter', async () => {
    const send = vi.fn(async () => undefined);
    renderWithProviders(<ChatComposer send={send} loading={false} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, 'Howzit{Shift>}{Enter}{/Shift}bru');
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    expect(send).toHaveBeenCalledWith('Howzit\nbru');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('sends once when Enter is pressed twice before the first send answers', async () => {
    let answer: () => void = () => undefined;
    const send = vi.fn(() => new Promise<void>((r) => (answer = r)));
    renderWithProviders(<ChatComposer send={send} loading={false} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Eish');
    await userEvent.keyboard('{Enter}{Enter}');
    expect(send).toHaveBeenCalledTimes(1);
    answer();
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('keeps the text and says "Message not sent" when sending fails', async () => {
    const send = vi.fn(async () => {
      throw new Error('The server is busy');
    });
    renderWithProviders(<ChatComposer send={send} loading={false} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Lekker{Enter}');
    expect(await screen.findByText('Message not sent')).toBeInTheDocument();
    expect(box).toHaveValue('Lekker');
  });
});

describe('ChatBubble', () => {
  it("has a Report button beside someone else's message when it is given what to report, and none otherwise", async () => {
    renderWithProviders(
      <>
        <ChatBubble mine testId="own">
          Mine
        </ChatBubble>
        <ChatBubble mine={false} testId="other" report={{ kind: 'groupMessage', subjectId: 'm2' }}>
          Theirs
        </ChatBubble>
      </>,
    );
    const reports = screen.getAllByRole('button', { name: 'Report message' });
    expect(reports).toHaveLength(1);
    expect(reports[0].parentElement).toContainElement(screen.getByTestId('other'));
    await userEvent.click(reports[0]);
    expect(await screen.findByRole('dialog', { name: 'Report Message' })).toBeInTheDocument();
  });
});
