import { Badge, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { LuLifeBuoy } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/errors';
import type { FeatureKey } from '../../lib/features';
import { SwitchField } from '../../ui/SwitchField';
import { toaster } from '../../ui/toaster';
import { useFeatureToggles, useSetFeature } from './useSetFeature';
import { RadarToggle } from '../radar';
import { SUPPORT_PATH } from '../support';
import { BlockedMembers } from './BlockedMembers';
import { YourData } from './YourData';
import { ApiTokens } from './ApiTokens';
import { Webhooks } from './Webhooks';
import { SessionsAndTokens } from './SessionsAndTokens';
import { ChangePassword } from './ChangePassword';
import { TwoFactorSettings } from './TwoFactorSettings';

/** The toggles of the Settings tab, in the spec's order and words (spec 002 section 2). */
export const SETTINGS_FEATURES: ReadonlyArray<{ key: FeatureKey; label: string }> = [
  { key: 'klets', label: 'Klets' },
  { key: 'dating', label: 'Dating' },
  { key: 'recipes', label: 'Recipes' },
  { key: 'thingsToDoList', label: 'Things to do list' },
  { key: 'radio', label: 'Radio' },
  { key: 'jobs', label: 'Jobs' },
  { key: 'news', label: 'News' },
  { key: 'braggingRights', label: 'Bragging Rights' },
];

/** A rule between the toggles: on the items, since a list may hold only items (a separator element broke it). */
const LIST_RULES = { '& > li:not(:last-child)': { borderBottomWidth: '1px', pb: '1' } };

/**
 * The profile's Settings tab for the signed-in member: which features the sidebar shows (stored on the server, so the
 * choice follows the member to another browser), with the count of enabled ones, and the SAFFA Radar toggle; the
 * members the viewer blocked.
 */
export function SettingsTab() {
  const features = useFeatureToggles();
  const setFeature = useSetFeature();
  const enabled = SETTINGS_FEATURES.filter((f) => features[f.key]).length;

  const change = async (key: FeatureKey, on: boolean) => {
    try {
      await setFeature(key, on);
    } catch (err) {
      toaster.create({
        type: 'error',
        title: 'Error',
        description: errorMessage(err, 'Failed to update settings. Please try again.'),
      });
    }
  };

  return (
    <Stack gap="5" data-testid="settings-tab">
      <Card.Root>
        <Card.Header>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md" id="settings-features-heading">
              Features
            </Heading>
            <Badge colorPalette="green" size="md" data-testid="enabled-count">
              {enabled} of {SETTINGS_FEATURES.length} enabled
            </Badge>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            Choose which features appear in your sidebar.
          </Text>
        </Card.Header>
        <Card.Body>
          <Stack
            as="ul"
            aria-labelledby="settings-features-heading"
            gap="1"
            listStyleType="none"
            m="0"
            p="0"
            css={LIST_RULES}
          >
            {SETTINGS_FEATURES.map((f) => (
              <li key={f.key}>
                <SwitchField
                  label={f.label}
                  checked={features[f.key]}
                  onChange={(on) => void change(f.key, on)}
                  testId={`feature-${f.key}`}
                />
              </li>
            ))}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            SAFFA Radar
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Let South Africans near you find you, and find them. Off: nobody sees you, and you see nobody.
          </Text>
        </Card.Header>
        <Card.Body>
          <RadarToggle />
        </Card.Body>
      </Card.Root>
      <ChangePassword />
      <TwoFactorSettings />
      <SessionsAndTokens />
      <BlockedMembers />
      <ApiTokens />
      <Webhooks />
      <YourData />
      <Card.Root>
        <Card.Header>
          <Heading as="h2" size="md">
            Help
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            A question or a problem? Write to the Saffa admin team.
          </Text>
        </Card.Header>
        <Card.Body>
          <Button asChild variant="outline" alignSelf="flex-start" minH="44px">
            <RouterLink to={SUPPORT_PATH}>
              <LuLifeBuoy aria-hidden />
              Contact support
            </RouterLink>
          </Button>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
