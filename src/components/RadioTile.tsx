import { Box, type BoxProps } from '@chakra-ui/react';

interface RadioTileProps extends Omit<BoxProps, 'onSelect'> {
  checked: boolean;
  onSelect: () => void;
}

/** One choice of a radio group drawn as tiles (an avatar, a layout): a button ringed in the brand colour while it is chosen. */
export function RadioTile({ checked, onSelect, ...props }: RadioTileProps) {
  return (
    <Box
      as="button"
      {...{ type: 'button' }}
      role="radio"
      aria-checked={checked}
      onClick={onSelect}
      borderWidth="2px"
      borderColor={checked ? 'brand.solid' : 'transparent'}
      cursor="pointer"
      {...props}
    />
  );
}
