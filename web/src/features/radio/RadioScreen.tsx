import { Box, Card, Flex, Heading, IconButton, Stack, Text, chakra } from '@chakra-ui/react';
import { LuSkipBack, LuSkipForward } from 'react-icons/lu';
import { PlayPauseButton } from './PlayPauseButton';
import { Screen } from '../../ui/Screen';
import { useRadio } from './RadioPlayerProvider';
import { RadioStatusText } from './RadioStatusText';
import { StationLogo } from './StationLogo';
import { RADIO_STATIONS, wrapIndex } from './stations';
import { VolumeSlider } from './VolumeSlider';

/** /radio: the now-playing card (previous, play/pause, next wrapping around, volume) and 'Browse Stations'. */
export default function RadioScreen() {
  const radio = useRadio();
  const currentIndex = RADIO_STATIONS.findIndex((s) => s.id === radio.station?.id);
  const ownStation = radio.source === 'page' && currentIndex >= 0;
  const index = currentIndex >= 0 ? currentIndex : 0;
  const shown = RADIO_STATIONS[index];
  const step = (by: number) => radio.play(RADIO_STATIONS[wrapIndex(index, by, RADIO_STATIONS.length)], 'page');

  return (
    <Screen title="Radio Stations" description="Listen to South African radio stations wherever you are.">
      <Stack gap="6">
        <Card.Root data-testid="now-playing">
          <Card.Body>
            <Flex
              gap="4"
              align="center"
              direction={{ base: 'column', sm: 'row' }}
              textAlign={{ base: 'center', sm: 'start' }}
            >
              <StationLogo station={shown} />
              <Box flex="1" minW="0">
                <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                  Now playing
                </Text>
                <Heading as="h2" size="lg" data-testid="now-playing-name">
                  {shown.name}
                </Heading>
                <Text color="fg.muted">{shown.genre}</Text>
                {ownStation && <RadioStatusText status={radio.status} />}
              </Box>
              <Flex gap="2" align="center">
                <IconButton aria-label="Previous station" variant="outline" size="lg" onClick={() => step(-1)}>
                  <LuSkipBack />
                </IconButton>
                <PlayPauseButton station={shown} source="page" labels={['Play', 'Pause']} size="lg" />
                <IconButton aria-label="Next station" variant="outline" size="lg" onClick={() => step(1)}>
                  <LuSkipForward />
                </IconButton>
              </Flex>
            </Flex>
            <Box mt="4" maxW={{ base: 'full', sm: 'xs' }}>
              <VolumeSlider />
            </Box>
          </Card.Body>
        </Card.Root>

        <Box as="section" aria-labelledby="browse-stations">
          <Heading as="h2" id="browse-stations" size="md" mb="3">
            Browse Stations
          </Heading>
          <chakra.ul
            listStyleType="none"
            m="0"
            p="0"
            display="grid"
            gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}
            gap="3"
          >
            {RADIO_STATIONS.map((s) => {
              const current = ownStation && s.id === radio.station?.id;
              return (
                <li key={s.id}>
                  <chakra.button
                    type="button"
                    w="full"
                    minH="11"
                    display="flex"
                    alignItems="center"
                    gap="3"
                    p="3"
                    borderWidth="1px"
                    borderRadius="lg"
                    textAlign="start"
                    borderColor={current ? 'green.solid' : 'border'}
                    bg={current ? 'bg.subtle' : 'bg'}
                    _hover={{ bg: 'bg.subtle' }}
                    _focusVisible={{ outline: '2px solid', outlineColor: 'green.focusRing' }}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => radio.play(s, 'page')}
                  >
                    <StationLogo station={s} size="10" />
                    <Box minW="0">
                      <Text fontWeight="semibold">{s.name}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {s.genre}
                      </Text>
                    </Box>
                  </chakra.button>
                </li>
              );
            })}
          </chakra.ul>
        </Box>
      </Stack>
    </Screen>
  );
}
