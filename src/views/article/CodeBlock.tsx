import { Box, Clipboard, HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A labelled block of code with a copy button. */
export function CodeBlock({ label, code }: { label: string; code: string }) {
  const { t } = useTranslation('article');
  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden">
      <HStack justify="space-between" px="3" py="1.5" bg="bg.muted">
        <Text textStyle="sm" fontWeight="medium">
          {label}
        </Text>
        <Clipboard.Root value={code} timeout={1500}>
          <Clipboard.Trigger asChild>
            <IconButton size="xs" variant="ghost" aria-label={t('article.code.copy', { label })}>
              <Clipboard.Indicator />
            </IconButton>
          </Clipboard.Trigger>
        </Clipboard.Root>
      </HStack>
      <Box as="pre" p="3" maxH="64" overflow="auto" textStyle="xs" fontFamily="mono" whiteSpace="pre-wrap" wordBreak="break-all">
        {code}
      </Box>
    </Box>
  );
}
