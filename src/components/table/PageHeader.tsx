import type { ReactNode } from 'react';
import { Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';

/** A page's title, a line about it, and its toolbar (search, filters, the add button). */
export function PageHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <Flex justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} direction={{ base: 'column', md: 'row' }} gap="3">
      <Stack gap="1">
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        {description && (
          <Text textStyle="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Stack>
      <HStack gap="2" wrap="wrap">
        {children}
      </HStack>
    </Flex>
  );
}
