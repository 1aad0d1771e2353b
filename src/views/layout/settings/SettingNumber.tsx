import { Flex, NumberInput, Text } from '@chakra-ui/react';

interface SettingNumberProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/** One number of the settings drawer; applied once it is a number within its bounds. */
export function SettingNumber({ label, value, min, max, step = 1, onChange, disabled }: SettingNumberProps) {
  return (
    <Flex align="center" justify="space-between" gap="3" py="1">
      <Text textStyle="sm" color={disabled ? 'fg.muted' : 'fg'}>
        {label}
      </Text>
      <NumberInput.Root
        size="xs"
        w="36"
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        defaultValue={String(value)}
        key={value}
        onValueChange={(details) => {
          if (Number.isFinite(details.valueAsNumber) && details.valueAsNumber >= min && details.valueAsNumber <= max)
            onChange(details.valueAsNumber);
        }}
      >
        <NumberInput.Control />
        <NumberInput.Input aria-label={label} />
      </NumberInput.Root>
    </Flex>
  );
}
