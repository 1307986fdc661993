import { useEffect } from 'react';
import { Button, Card, Flex, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { LuMapPinOff, LuRadar } from 'react-icons/lu';
import { FilterSelect, radiusFrom } from '../../ui/FilterSelect';
import { EmptyNotice, LoadError, LoadingStatus } from '../../ui/LoadStates';
import { Screen } from '../../ui/Screen';
import { useAppConfig } from '../../ui/useAppConfig';
import { NearbyUserList } from './NearbyUserList';
import { RADAR_TEXT } from './radarText';
import { RadarSwitch } from './RadarToggle';
import { useRadar, type Radar } from './useRadar';

function RadarBody({ radar, radiusKm }: { radar: Radar; radiusKm: number }) {
  if (radar.location === 'denied') {
    return (
      <Stack gap="3" align="center" data-testid="radar-location-required">
        <EmptyNotice
          icon={<LuMapPinOff />}
          title={RADAR_TEXT.locationRequired}
          titleAs="h2"
          description={RADAR_TEXT.locationError}
        />
        <Button
          variant="outline"
          minH="11"
          onClick={() => void (radar.enabled ? radar.locate() : radar.setEnabled(true))}
        >
          Try Again
        </Button>
      </Stack>
    );
  }
  if (!radar.enabled) {
    return (
      <EmptyNotice
        icon={<LuRadar />}
        title={RADAR_TEXT.disabled}
        titleAs="h2"
        description="Turn on SAFFA Radar to find South Africans near you. While it is off, nobody can see you."
        testId="radar-disabled"
      />
    );
  }
  // The nearby query runs only once the device's position is posted (spec 002 section 4).
  if (radar.location !== 'known') return <LoadingStatus testId="radar-scanning">{RADAR_TEXT.scanning}</LoadingStatus>;
  return <NearbyUserList radiusKm={radiusKm} />;
}

/**
 * /saffa-radar (spec 002 sections 2 and 4): the enable toggle, the search radius (1 to 100 km, default 50, kept in
 * the URL) and the members with radar on nearby, each with a Message button. Opening the screen with radar on
 * posts the device's position again, so the member stays visible and searches from where they are.
 */
export default function SaffaRadarScreen() {
  const radar = useRadar();
  const [params, setParams] = useSearchParams();
  // The radius options and default are the server's (appConfig), the ones it checks a search against.
  const appConfig = useAppConfig();
  const options = appConfig.config?.radar;
  const radiusKm = options ? radiusFrom(params, options.radiiKm, options.defaultRadiusKm) : null;
  const { enabled, location, locate } = radar;

  useEffect(() => {
    if (enabled && location === 'unknown') void locate();
  }, [enabled, location, locate]);

  const setRadius = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('radius', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Screen title="SAFFA Radar" description="Discover South Africans near you, when you choose to be seen.">
      <Stack gap="5">
        <Card.Root size="sm">
          <Card.Body>
            <Flex gap="4" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-end' }}>
              <Flex flex="1" align="center">
                <RadarSwitch radar={radar} />
              </Flex>
              {options && radiusKm !== null && (
                <FilterSelect
                  label="Search radius"
                  value={String(radiusKm)}
                  options={options.radiiKm.map((r) => ({ value: String(r), label: `${r} km` }))}
                  onChange={setRadius}
                  testId="radar-radius"
                />
              )}
            </Flex>
          </Card.Body>
        </Card.Root>
        {radiusKm !== null ? (
          <RadarBody radar={radar} radiusKm={radiusKm} />
        ) : appConfig.error ? (
          <LoadError
            title={RADAR_TEXT.fetchFailed}
            error={appConfig.error}
            onRetry={() => appConfig.refetch()}
            testId="radar-error"
          />
        ) : (
          <LoadingStatus testId="radar-scanning">{RADAR_TEXT.scanning}</LoadingStatus>
        )}
      </Stack>
    </Screen>
  );
}
