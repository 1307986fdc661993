import { useParams } from 'react-router';
import { Text } from '@chakra-ui/react';
import { Screen } from '../../ui/Screen';

export default function ChampionshipScreen() {
  const { id } = useParams();
  return (
    <Screen title="Championship" description="A championship's events, your predictions and its rankings.">
      <Text color="fg.muted" fontSize="sm">
        Championship {id}
      </Text>
    </Screen>
  );
}
