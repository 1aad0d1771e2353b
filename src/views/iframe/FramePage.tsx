import { useState } from 'react';
import { Box, Spinner, Center, Text, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * An external page inside the console (spec §2 "iframe page"), with a loading state until it shows.
 * It fills the page area (a flex column) whatever the header and tab bar take.
 */
export function FramePage({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loading = loadedSrc !== src;
  return (
    <Box position="relative" flex="1" minH="80" bg="bg.panel" rounded="md" overflow="hidden" borderWidth="1px" borderColor="border.muted">
      {loading && (
        <Center position="absolute" inset="0" bg="bg.panel" zIndex="1" role="status" aria-live="polite">
          <VStack gap="3">
            <Spinner size="lg" color="brand.solid" />
            <Text color="fg.muted" textStyle="sm">
              {t('layout.frame.loading')}
            </Text>
          </VStack>
        </Center>
      )}
      <Box as="iframe" key={src} {...{ src, title }} w="full" h="full" border="0" display="block" onLoad={() => setLoadedSrc(src)} />
    </Box>
  );
}
