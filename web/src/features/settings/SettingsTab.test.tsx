import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import type { MockLink } from '@apollo/client/testing';
import { SetFeatureEnabledDocument } from './settings.generated';
import { type Feature } from '../../gql/graphql';
import { CachedSession, cacheWithMe, makeUser, renderWithProviders } from '../../test/render';
import { SettingsTab } from './SettingsTab';

const DEFAULTS: Feature[] = [
  'klets',
  'saffaRadar',
  'dating',
  'recipes',
  'thingsToDoList',
  'radio',
  'nootVirNoot',
  'jobs',
];

function renderTab(mocks: ReadonlyArray<MockLink.MockedResponse> = [], enabledFeatures = DEFAULTS) {
  return renderWithProviders(
    <CachedSession>
      <SettingsTab />
    </CachedSession>,
    { mocks, cache: cacheWithMe(makeUser({ enabledFeatures })) },
  );
}

const setMock = (feature: Feature, enabled: boolean, result: Feature[] | Error) => ({
  request: { query: SetFeatureEnabledDocument, variables: { feature, enabled } },
  result:
    result instanceof Error
      ? { errors: [new GraphQLError(result.message)] }
      : { data: { setFeatureEnabled: { __typename: 'User', id: 'u1', enabledFeatures: result } } },
  delay: 20,
});

describe('SettingsTab', () => {
  it("shows the spec's eight feature toggles with the count of enabled ones, and the SAFFA Radar toggle", () => {
    renderTab();
    const tab = screen.getByTestId('settings-tab');
    for (const label of ['Klets', 'Dating', 'Recipes', 'Things to do list', 'Radio', 'Jobs']) {
      expect(within(tab).getByRole('switch', { name: label })).toBeChecked();
    }
    expect(within(tab).getByRole('switch', { name: 'News' })).not.toBeChecked();
    expect(within(tab).getByRole('switch', { name: 'Bragging Rights' })).not.toBeChecked();
    expect(screen.getByTestId('enabled-count')).toHaveTextContent('6 of 8 enabled');
    expect(within(tab).getByRole('switch', { name: /SAFFA Radar/ })).not.toBeChecked();
  });

  it('links to Contact support', () => {
    renderTab();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
  });

  it("reads the member's stored choice", () => {
    renderTab([], ['news', 'klets']);
    expect(screen.getByRole('switch', { name: 'News' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Dating' })).not.toBeChecked();
    expect(screen.getByTestId('enabled-count')).toHaveTextContent('2 of 8 enabled');
  });

  it('stores a toggle on the server, and the count follows it', async () => {
    const user = userEvent.setup();
    renderTab([setMock('news', true, [...DEFAULTS, 'news'])]);
    await user.click(screen.getByRole('switch', { name: 'News' }));
    await waitFor(() => expect(screen.getByTestId('enabled-count')).toHaveTextContent('7 of 8 enabled'));
    expect(screen.getByRole('switch', { name: 'News' })).toBeChecked();
  });

  it('turns a feature off with the keyboard', async () => {
    const user = userEvent.setup();
    renderTab([
      setMock(
        'dating',
        false,
        DEFAULTS.filter((f) => f !== 'dating'),
      ),
    ]);
    screen.getByRole('switch', { name: 'Dating' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Dating' })).not.toBeChecked());
    expect(screen.getByTestId('enabled-count')).toHaveTextContent('5 of 8 enabled');
  });

  it('puts the toggle back and says so when the server refuses', async () => {
    const user = userEvent.setup();
    renderTab([setMock('radio', false, new Error('Too many requests'))]);
    await user.click(screen.getByRole('switch', { name: 'Radio' }));
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Radio' })).toBeChecked());
    expect(screen.getByTestId('enabled-count')).toHaveTextContent('6 of 8 enabled');
  });
});
