import { Badge, type BadgeProps } from '@chakra-ui/react';

/** "99+" above 99; null when there is nothing to count. */
export function formatCount(count: number | null | undefined): string | null {
  if (!count || !Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

/**
 * The accessible name of a button that shows a count badge: the name plus the number it shows, so what a screen
 * reader says matches what is seen ("Notifications, 3 unread"); the name alone at zero.
 */
export function nameWithCount(name: string, count: number | null | undefined, what: string): string {
  const text = formatCount(count);
  return text ? `${name}, ${text} ${what}` : name;
}

interface CountBadgeProps extends Omit<BadgeProps, 'children'> {
  count: number | null | undefined;
  /** What is counted, for screen readers: "unread messages". */
  label?: string;
}

/** A live count (unread messages, pending requests...). Renders nothing at zero: no fixed numbers anywhere. */
export function CountBadge({ count, label, ...rest }: CountBadgeProps) {
  const text = formatCount(count);
  if (!text) return null;
  return (
    <Badge
      colorPalette="red"
      variant="solid"
      borderRadius="full"
      size="xs"
      minW="1.25rem"
      justifyContent="center"
      aria-label={label ? `${text} ${label}` : undefined}
      {...rest}
    >
      {text}
    </Badge>
  );
}
