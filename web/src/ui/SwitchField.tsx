import { useEffect, useRef, type ReactNode } from 'react';
import { Switch, Text } from '@chakra-ui/react';

/**
 * One on/off setting: a switch (a labelled checkbox for assistive technology and keyboards: Space toggles it) with
 * its label and an optional line under it. The whole row is the touch target.
 */
export function SwitchField({
  label,
  description,
  checked,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
}) {
  // The switch is controlled, but a click toggles its native checkbox before the owner decides: when the owner
  // keeps the old value (a refused change), the checkbox that assistive technology reads is put back here.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current && input.current.checked !== checked) input.current.checked = checked;
  });
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked)}
      colorPalette="green"
      display="flex"
      justifyContent="space-between"
      alignItems="center"
      gap="4"
      w="full"
      minH="11"
      data-testid={testId}
    >
      <Switch.Label flex="1" cursor="pointer">
        <Text as="span" display="block" fontWeight="medium">
          {label}
        </Text>
        {description && (
          <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
            {description}
          </Text>
        )}
      </Switch.Label>
      <Switch.HiddenInput ref={input} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}
