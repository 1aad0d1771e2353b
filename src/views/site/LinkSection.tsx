import type { ReactNode } from 'react';
import { Stack, Text } from '@chakra-ui/react';

/** One part of a site's internal links dialog: its title, what it says when it has nothing, and its rows. */
export function LinkSection({ title, none, children }: { title: string; none: string | false; children?: ReactNode }) {
  return (
    <Stack gap="1" role="region" aria-label={title}>
      <Text fontWeight="semibold">{title}</Text>
      {none && (
        <Text textStyle="sm" color="fg.muted">
          {none}
        </Text>
      )}
      {children}
    </Stack>
  );
}
