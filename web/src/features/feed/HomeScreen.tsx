import { useParams } from 'react-router';
import { Text } from '@chakra-ui/react';
import { Screen } from '../../shell/Screen';

/** Home feed; /post/:id (a post's share path) opens the same screen. */
export default function HomeScreen() {
  const { id } = useParams();
  return (
    <Screen title="Home" description="Your feed: posts, photos and check-ins from the Saffa community.">
      {id && <Text color="fg.muted">Shared post {id}</Text>}
    </Screen>
  );
}
