import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { SharedPostDocument } from './feed.generated';
import PostScreen from './PostScreen';
import { makePost } from '../posts';
import { renderFeed } from './testUtils';

const postMock = (id: string, result: object) => ({
  request: { query: SharedPostDocument, variables: { id } },
  result,
});

describe('PostScreen', () => {
  it('shows the shared post and a link back to the feed', async () => {
    const id = '6f1c2a8e-1111-4222-8333-944455556666';
    renderFeed(<PostScreen />, {
      route: `/post/${id}`,
      path: '/post/:id',
      mocks: [postMock(id, { data: { post: makePost({ id, content: 'Shared with love' }) } })],
    });
    expect(screen.getByText('Loading post...')).toBeInTheDocument();
    expect(await screen.findByTestId('post-card')).toHaveAttribute('data-post-id', id);
    expect(screen.getByRole('heading', { level: 1, name: 'Post' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to feed' })).toHaveAttribute('href', '/');
  });

  it("shows 'Post not found' when the post is gone", async () => {
    const id = '6f1c2a8e-1111-4222-8333-000000000000';
    renderFeed(<PostScreen />, {
      route: `/post/${id}`,
      path: '/post/:id',
      mocks: [postMock(id, { data: { post: null } })],
    });
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to feed' })).toHaveAttribute('href', '/');
  });

  it("shows 'Post not found' for a malformed link", async () => {
    renderFeed(<PostScreen />, {
      route: '/post/abc',
      path: '/post/:id',
      mocks: [
        postMock('abc', {
          errors: [{ message: 'postId must be a valid id', extensions: { code: 'BAD_USER_INPUT' } }],
        }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
  });

  it('shows other errors with Retry', async () => {
    const id = '6f1c2a8e-1111-4222-8333-111111111111';
    renderFeed(<PostScreen />, {
      route: `/post/${id}`,
      path: '/post/:id',
      mocks: [
        postMock(id, { errors: [{ message: 'Database unavailable', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }),
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
