import { useId, type ReactNode } from 'react';
import { Box, chakra, Text } from '@chakra-ui/react';

/**
 * One on/off setting: a native checkbox with the switch role (Space toggles it; assistive technology reads "switch,
 * on/off"), drawn as a toggle, with its label and an optional line under it. The whole row is the touch target.
 * Controlled: when the owner keeps the old value (a refused change), the switch shows it again. A native input
 * rather than Chakra's Switch, whose machine would add to the scripts every page loads up front.
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
  const id = useId();
  return (
    <chakra.label
      display="flex"
      alignItems="center"
      justifyContent="space-between"
      gap="4"
      w="full"
      minH="11"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      data-testid={testId}
    >
      <Box flex="1" minW="0">
        <Text as="span" id={`${id}-label`} display="block" fontWeight="medium">
          {label}
        </Text>
        {description && (
          <Text as="span" id={`${id}-description`} display="block" fontSize="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Box>
      <chakra.input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        appearance="none"
        flexShrink={0}
        position="relative"
        w="10"
        h="6"
        m="0"
        borderRadius="full"
        bg="bg.emphasized"
        cursor="inherit"
        transition="background 0.15s"
        _motionReduce={{ transition: 'none' }}
        _checked={{ bg: 'green.solid' }}
        _disabled={{ opacity: 0.5 }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'green.focusRing', outlineOffset: '2px' }}
        _before={{
          content: '""',
          position: 'absolute',
          top: '2px',
          insetStart: '2px',
          w: '5',
          h: '5',
          borderRadius: 'full',
          bg: 'white',
          boxShadow: 'sm',
          transition: 'transform 0.15s',
          transform: checked ? 'translateX(16px)' : 'none',
        }}
      />
    </chakra.label>
  );
}
