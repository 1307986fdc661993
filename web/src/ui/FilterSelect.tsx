import { Field, NativeSelect } from '@chakra-ui/react';

/** One select of the filter bar, its value kept in the URL by the caller. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (v: string) => void;
  testId: string;
}) {
  return (
    <Field.Root w={{ base: 'full', sm: '48' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The URL's radius when it is one of the options, else the default. */
export function radiusFrom(params: URLSearchParams, options: readonly number[], fallback = 50): number {
  const asked = Number(params.get('radius'));
  return options.includes(asked) ? asked : fallback;
}
