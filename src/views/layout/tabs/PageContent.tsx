import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useSettingsActor } from '../../../app/AppActorProvider';
import { FIXED_CONTENT_WIDTH } from '../../../config/constants';

/**
 * The page inside its scrolling area, as the layout mode and the content-height mode of the project
 * config say (spec §4): full width or a fixed width in the middle; as tall as the page (auto), at
 * least the window below the header (header), or exactly that, scrolling inside (fixed). It is a
 * flex column that fills the area, so a page that fills it (the iframe page) still does.
 */
export function PageContent({ children }: { children: ReactNode }) {
  const settings = useSettingsActor();
  const contentMode = useSelector(settings, (state) => state.context.projectConfig.contentMode);
  const heightMode = useSelector(settings, (state) => state.context.projectConfig.contentHeightMode);
  return (
    <Box
      display="flex"
      flexDirection="column"
      w="full"
      maxW={contentMode === 'fixed' ? `${FIXED_CONTENT_WIDTH}px` : undefined}
      mx="auto"
      flex={heightMode === 'fixed' ? '1 1 0' : '1 0 auto'}
      minH={heightMode === 'fixed' ? '0' : undefined}
      overflowY={heightMode === 'fixed' ? 'auto' : undefined}
      css={heightMode === 'auto' ? undefined : { '& > *': { flex: '1 0 auto' } }}
      data-content-mode={contentMode}
      data-content-height={heightMode}
      data-testid="page-content"
    >
      {children}
    </Box>
  );
}
