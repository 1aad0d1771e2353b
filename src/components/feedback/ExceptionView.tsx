import type { ReactNode } from 'react';
import { Box, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { FileQuestion, Inbox, ServerCrash, ShieldAlert, WifiOff, type LucideIcon } from 'lucide-react';

/** The error page codes of spec §8. */
export type ExceptionStatus = 403 | 404 | 500 | 10000 | 10100;

const ICONS: Record<ExceptionStatus, LucideIcon> = {
  403: ShieldAlert,
  404: FileQuestion,
  500: ServerCrash,
  10000: WifiOff,
  10100: Inbox,
};

interface ExceptionViewProps {
  status: ExceptionStatus;
  title: string;
  description: string;
  action?: ReactNode;
}

/** A full-height explanation of why a page cannot be shown, with a way out. */
export function ExceptionView({ status, title, description, action }: ExceptionViewProps) {
  const Icon = ICONS[status];
  const showCode = status < 1000;
  return (
    <Center minH="70vh" px="6" py="16">
      <Stack align="center" gap="5" textAlign="center" maxW="md">
        <Center boxSize="28" rounded="full" bg="brand.subtle" color="brand.fg">
          <Icon size={56} strokeWidth={1.4} />
        </Center>
        {showCode && (
          <Text fontSize="6xl" fontWeight="bold" lineHeight="1" color="fg.muted" letterSpacing="tight">
            {status}
          </Text>
        )}
        <Heading size="xl">{title}</Heading>
        <Text color="fg.muted">{description}</Text>
        {action && <Box pt="2">{action}</Box>}
      </Stack>
    </Center>
  );
}
