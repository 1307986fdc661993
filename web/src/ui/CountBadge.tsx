import { Badge, type BadgeProps } from '@chakra-ui/react';

/** "99+" above 99; null when there is nothing to count. */
export function formatCount(count: number | null | undefined): string | null {
  if (!count || !Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

export interface CountBadgeProps extends Omit<BadgeProps, 'children'> {
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
