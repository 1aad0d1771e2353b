import { Box, Clipboard, HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A line of text (a secret, a link, a command) with a copy button. */
export function CopyLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation('accessKey');
  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden">
      <HStack justify="space-between" px="3" py="1" bg="bg.muted">
        <Text textStyle="sm" fontWeight="medium">
          {label}
        </Text>
        <Clipboard.Root value={value} timeout={1500}>
          <Clipboard.Trigger asChild>
            <IconButton size="xs" variant="ghost" aria-label={t('accessKey.copy', { label })}>
              <Clipboard.Indicator />
            </IconButton>
          </Clipboard.Trigger>
        </Clipboard.Root>
      </HStack>
      <Box as="pre" data-testid={testId} p="3" textStyle="xs" fontFamily="mono" whiteSpace="pre-wrap" wordBreak="break-all">
        {value}
      </Box>
    </Box>
  );
}
