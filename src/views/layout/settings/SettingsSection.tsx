import type { ReactNode } from 'react';
import { Box, Separator, Text } from '@chakra-ui/react';

/** A titled group of the settings drawer. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} mb="4">
      <Separator mb="3" />
      <Text textStyle="sm" fontWeight="semibold" textAlign="center" mb="2" color="fg.muted">
        {title}
      </Text>
      {children}
    </Box>
  );
}
