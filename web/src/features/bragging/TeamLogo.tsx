import { useState } from 'react';
import { Center, Image } from '@chakra-ui/react';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0])
    .join('')
    .slice(0, 3)
    .toUpperCase();

/** A team's logo, or its initials on a muted disc when it has none or the image fails to load. */
export function TeamLogo({ name, src, size = '12' }: { name: string; src: string | null; size?: string }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <Image
        src={src}
        alt={`${name} logo`}
        boxSize={size}
        borderRadius="full"
        objectFit="cover"
        bg="bg.muted"
        flexShrink={0}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <Center
      boxSize={size}
      borderRadius="full"
      bg="bg.emphasized"
      color="fg.muted"
      fontWeight="bold"
      fontSize="sm"
      flexShrink={0}
      aria-label={`${name} logo`}
      role="img"
      data-testid="team-logo-fallback"
    >
      {initialsOf(name) || '?'}
    </Center>
  );
}
