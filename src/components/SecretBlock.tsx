import { Box, Clipboard, HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * A labelled text (a secret, a link, a command, an article's code) with a copy button; `scroll`
 * caps its height for a long text, which scrolls instead of pushing the page down.
 */
export function CopyLine({ label, value, testId, scroll }: { label: string; value: string; testId?: string; scroll?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden">
      <HStack justify="space-between" px="3" py="1" bg="bg.muted">
        <Text textStyle="sm" fontWeight="medium">
          {label}
        </Text>
        <Clipboard.Root value={value} timeout={1500}>
          <Clipboard.Trigger asChild>
            <IconButton size="xs" variant="ghost" aria-label={t('common.copyLabelled', { label })}>
              <Clipboard.Indicator />
            </IconButton>
          </Clipboard.Trigger>
        </Clipboard.Root>
      </HStack>
      <Box
        as="pre"
        data-testid={testId}
        p="3"
        {...(scroll ? { maxH: '64', overflow: 'auto' } : {})}
        textStyle="xs"
        fontFamily="mono"
        whiteSpace="pre-wrap"
        wordBreak="break-all"
      >
        {value}
      </Box>
    </Box>
  );
}
