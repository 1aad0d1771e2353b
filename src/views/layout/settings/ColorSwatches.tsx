import { Box, Flex, Text, Wrap } from '@chakra-ui/react';
import { Check } from 'lucide-react';

interface ColorSwatchesProps {
  label: string;
  value: string;
  colors: readonly string[];
  onChange: (color: string) => void;
}

/** A row of preset colours; the chosen one is ticked. */
export function ColorSwatches({ label, value, colors, onChange }: ColorSwatchesProps) {
  return (
    <Box py="1.5">
      <Text textStyle="sm" mb="2">
        {label}
      </Text>
      <Wrap gap="2" role="radiogroup" aria-label={label}>
        {colors.map((color) => {
          const chosen = color.toLowerCase() === value.toLowerCase();
          return (
            <Flex
              key={color}
              as="button"
              role="radio"
              aria-checked={chosen}
              aria-label={color}
              title={color}
              onClick={() => onChange(color)}
              boxSize="6"
              rounded="sm"
              bg={color}
              align="center"
              justify="center"
              borderWidth="1px"
              borderColor="border.emphasized"
              cursor="pointer"
              color={['#ffffff', '#fff'].includes(color.toLowerCase()) ? 'gray.800' : 'white'}
              _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '1px' }}
            >
              {chosen && <Check size={14} strokeWidth={3} />}
            </Flex>
          );
        })}
      </Wrap>
    </Box>
  );
}
