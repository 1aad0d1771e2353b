import type { ReactNode } from 'react';
import { Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';

/**
 * A page's title, a line about it, and its toolbar (search, filters, the add button). From a
 * tablet's width up the toolbar keeps its buttons on one line at the right: the line about the page
 * wraps instead, and where both do not fit side by side, the toolbar moves below it, still at the right.
 */
export function PageHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <Flex
      justify="space-between"
      align={{ base: 'stretch', md: 'flex-end' }}
      direction={{ base: 'column', md: 'row' }}
      wrap={{ md: 'wrap' }}
      gap="3"
    >
      <Stack gap="1" flex={{ md: '1 1 24rem' }} minW="0">
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        {description && (
          <Text textStyle="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Stack>
      <HStack gap="2" wrap="wrap" flexShrink={{ md: 0 }} maxW="full" ms={{ md: 'auto' }}>
        {children}
      </HStack>
    </Flex>
  );
}
