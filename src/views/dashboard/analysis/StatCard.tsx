import type { ReactNode } from 'react';
import { Card, Center, Flex, Stack, Text } from '@chakra-ui/react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint: string;
  icon: ReactNode;
  /** A colour palette for the icon badge. */
  palette: string;
  action?: ReactNode;
  /** The hint above the action, each the card's full width (a narrow card with a long action). */
  stacked?: boolean;
}

/** One figure of the overview with its explanation. */
export function StatCard({ label, value, hint, icon, palette, action, stacked = false }: StatCardProps) {
  return (
    <Card.Root size="sm" variant="elevated" bg="bg.panel" h="full">
      <Card.Body gap="4">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Stack gap="1" minW="0">
            <Text textStyle="sm" color="fg.muted">
              {label}
            </Text>
            <Text as="div" fontSize="3xl" fontWeight="semibold" lineHeight="short" letterSpacing="tight">
              {value}
            </Text>
          </Stack>
          <Center boxSize="11" rounded="lg" flexShrink={0} colorPalette={palette} bg="colorPalette.subtle" color="colorPalette.fg">
            {icon}
          </Center>
        </Flex>
        <Flex
          justify="space-between"
          align={stacked ? 'stretch' : 'center'}
          direction={stacked ? 'column' : 'row'}
          gap={stacked ? '2' : '3'}
          minH="8"
        >
          <Text textStyle="xs" color="fg.muted">
            {hint}
          </Text>
          {action}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
