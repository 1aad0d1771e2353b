import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';

/**
 * Its children from the md breakpoint up only: on a phone the header keeps the menu button, lock,
 * settings, language, theme and the user menu, and leaves out the secondary buttons for room.
 */
export function WideScreenOnly({ children }: { children: ReactNode }) {
  return (
    <Box display="contents" hideBelow="md">
      {children}
    </Box>
  );
}
