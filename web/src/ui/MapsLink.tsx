import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@chakra-ui/react';
import { LuExternalLink } from 'react-icons/lu';
import { googleMapsUrl } from '../lib/maps';

/**
 * A link that opens a place's coordinates in Google Maps in a new tab, in the brand green with an external-link icon.
 */
export function MapsLink({
  latitude,
  longitude,
  children,
  ...props
}: { latitude: number; longitude: number; children: ReactNode } & Omit<LinkProps, 'href' | 'children'>) {
  return (
    <Link
      href={googleMapsUrl(latitude, longitude)}
      target="_blank"
      rel="noopener noreferrer"
      colorPalette="green"
      color="colorPalette.fg"
      fontSize="sm"
      fontWeight="medium"
      {...props}
    >
      {children}
      <LuExternalLink aria-hidden />
    </Link>
  );
}
