import { useState } from 'react';
import { Box, Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useBusinessOptionsQuery, useCustomizeBusinessPageMutation } from './business.generated';
import { DialogFrame } from '../../ui/DialogFrame';
import { toaster } from '../../ui/toaster';

interface Style {
  buttonColor: string;
  buttonTextColor: string;
  gradientBorder: string;
}

function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <HStack gap="2">
        <Input
          type="color"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          w="14"
          p="1"
          aria-label={`${label} picker`}
        />
        <Input
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          maxLength={7}
          aria-label={`${label} hex value`}
          fontFamily="mono"
        />
      </HStack>
    </Field.Root>
  );
}

/** Customize Business Page (spec 001 sections 2.2 and 4): button colours and one of the gradient border presets. */
export function CustomizeDialog({
  business,
  onClose,
}: {
  business: Style & { id: string; name: string };
  onClose: () => void;
}) {
  const options = useBusinessOptionsQuery({ fetchPolicy: 'cache-first' }).data?.businessOptions;
  const [style, setStyle] = useState<Style>({
    buttonColor: business.buttonColor || options?.defaultButtonColor || '#1877f2',
    buttonTextColor: business.buttonTextColor || options?.defaultButtonTextColor || '#ffffff',
    gradientBorder: business.gradientBorder,
  });
  const [save, { loading }] = useCustomizeBusinessPageMutation();

  const onSave = async () => {
    try {
      await save({ variables: { id: business.id, input: style }, refetchQueries: ['MyBusinessPages'] });
      toaster.create({
        type: 'success',
        title: 'Customization Saved',
        description: 'Your business page style has been updated successfully.',
      });
      onClose();
    } catch {
      toaster.create({ type: 'error', title: 'Error', description: 'Failed to save customization' });
    }
  };

  return (
    <DialogFrame
      title="Customize Business Page"
      testId="customize-dialog"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="green" loading={loading} loadingText="Saving..." onClick={() => void onSave()}>
            Save
          </Button>
        </>
      }
    >
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <ColorField
            label="Button colour"
            value={style.buttonColor}
            onChange={(buttonColor) => setStyle((s) => ({ ...s, buttonColor }))}
          />
          <ColorField
            label="Button text colour"
            value={style.buttonTextColor}
            onChange={(buttonTextColor) => setStyle((s) => ({ ...s, buttonTextColor }))}
          />
        </SimpleGrid>
        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm" id="gradient-label">
            Gradient border
          </Text>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="2" role="radiogroup" aria-labelledby="gradient-label">
            {(options?.gradientPresets ?? []).map((p) => (
              <Button
                key={p.name}
                role="radio"
                aria-checked={style.gradientBorder === p.value}
                variant={style.gradientBorder === p.value ? 'subtle' : 'outline'}
                onClick={() => setStyle((s) => ({ ...s, gradientBorder: p.value }))}
                justifyContent="flex-start"
                gap="2"
                minH="11"
              >
                <Box boxSize="5" borderRadius="full" style={{ background: p.value }} aria-hidden />
                {p.name}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
        <Stack gap="2" align="center" data-testid="customize-preview">
          <Text fontSize="sm" color="fg.muted">
            Preview
          </Text>
          <Box p="1" borderRadius="full" style={{ background: style.gradientBorder }}>
            <Box
              boxSize="16"
              borderRadius="full"
              bg="bg"
              display="flex"
              alignItems="center"
              justifyContent="center"
              fontWeight="bold"
              fontSize="xl"
            >
              {business.name.slice(0, 1).toUpperCase()}
            </Box>
          </Box>
          <Box
            as="span"
            px="4"
            py="2"
            borderRadius="md"
            fontWeight="semibold"
            style={{ background: style.buttonColor, color: style.buttonTextColor }}
          >
            Follow
          </Box>
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
