import { useState } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useNavigationActor } from '../../../app/AppActorProvider';
import { useTabs } from '../../../app/useTabs';
import { HeaderIconButton } from '../../../components/HeaderIconButton';
import { closeRequestOf, TAB_ACTIONS, type TabAction } from './tabActions';
import { TabActionsMenu } from './TabActionsMenu';
import { TabItem } from './TabItem';

/**
 * The multi-tab bar (spec §4 Tabs): the tabs actor's list; a click shows a tab, the cross closes it,
 * right click or the menu at the end offers refresh and the close actions, dragging reorders.
 */
export function TabsBar() {
  const { t } = useTranslation();
  const { tabs, refresh, close, closeLeft, closeRight, closeOthers, closeAll, move, canClose } = useTabs();
  const navigation = useNavigationActor();
  const location = useSelector(navigation, (state) => state.context.location);
  const [, navigate] = useLocation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const currentIndex = tabs.findIndex((tab) => tab.fullPath === location);

  /** What the tabs machine would do for the tab at `index`: a close that closes nothing is not offered. */
  const enabledFor = (index: number) =>
    Object.fromEntries(
      TAB_ACTIONS.map((action) => {
        const request = tabs[index] ? closeRequestOf(action, tabs[index].fullPath) : null;
        return [action, action === 'refresh' ? tabs[index] !== undefined : request !== null && canClose(request)];
      }),
    ) as Record<TabAction, boolean>;

  const act = (action: TabAction, index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    const fullPath = tab.fullPath;
    switch (action) {
      case 'refresh':
        return refresh(fullPath);
      case 'close':
        return close(fullPath);
      case 'closeLeft':
        return closeLeft(fullPath);
      case 'closeRight':
        return closeRight(fullPath);
      case 'closeOthers':
        return closeOthers(fullPath);
      case 'closeAll':
        return closeAll();
    }
  };

  return (
    <Flex
      align="center"
      gap="1"
      h="10"
      px="2"
      flexShrink={0}
      bg="bg.panel"
      borderBottomWidth="1px"
      borderColor="border.muted"
      data-testid="tabs-bar"
    >
      <Flex
        role="tablist"
        aria-label={t('layout.tabs.label')}
        align="center"
        gap="1.5"
        flex="1"
        minW="0"
        overflowX="auto"
        css={{ scrollbarWidth: 'none' }}
      >
        {tabs.map((tab, index) => (
          <TabActionsMenu key={tab.fullPath} context enabled={enabledFor(index)} onAction={(action) => act(action, index)}>
            <Box display="flex" flexShrink={0}>
              <TabItem
                tab={tab}
                active={index === currentIndex}
                dropTarget={over === index && dragged !== null && dragged !== index}
                onSelect={() => tab.fullPath !== location && navigate(tab.fullPath)}
                onClose={() => act('close', index)}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', tab.fullPath);
                  setDragged(index);
                }}
                onDragOver={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  setOver(index);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null && dragged !== index) move(dragged, index);
                  setDragged(null);
                  setOver(null);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
              />
            </Box>
          </TabActionsMenu>
        ))}
      </Flex>
      {currentIndex >= 0 && (
        <TabActionsMenu enabled={enabledFor(currentIndex)} onAction={(action) => act(action, currentIndex)}>
          <HeaderIconButton label={t('layout.tabs.actions')}>
            <ChevronDown />
          </HeaderIconButton>
        </TabActionsMenu>
      )}
    </Flex>
  );
}
