import type { DragEvent } from 'react';
import { chakra, Flex } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TabEntry } from '../../../machines/tabs';

interface TabItemProps {
  tab: TabEntry;
  active: boolean;
  dropTarget: boolean;
  onSelect: () => void;
  onClose: () => void;
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
  onDragEnd: () => void;
}

/** One tab: its title (click to show it), a close button unless affixed; dragged to reorder. */
export function TabItem({ tab, active, dropTarget, onSelect, onClose, onDragStart, onDragOver, onDrop, onDragEnd }: TabItemProps) {
  const { t } = useTranslation();
  const title = t(tab.meta.title);
  return (
    <Flex
      role="tab"
      aria-selected={active}
      data-testid="tab"
      data-path={tab.fullPath}
      tabIndex={active ? 0 : -1}
      draggable
      align="center"
      gap="1"
      h="8"
      ps="3"
      pe={tab.meta.affix ? '3' : '1.5'}
      flexShrink={0}
      rounded="md"
      textStyle="sm"
      cursor="pointer"
      userSelect="none"
      borderWidth="1px"
      borderColor={dropTarget ? 'brand.solid' : active ? 'brand.muted' : 'border.muted'}
      bg={active ? 'brand.subtle' : 'bg.panel'}
      color={active ? 'brand.fg' : 'fg.muted'}
      _hover={{ color: active ? 'brand.fg' : 'fg' }}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onSelect();
      }}
      onAuxClick={(event) => {
        if (event.button === 1 && !tab.meta.affix) onClose();
      }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onDragEnd={onDragEnd}
    >
      {active && <chakra.span boxSize="1.5" rounded="full" bg="brand.solid" flexShrink={0} />}
      <chakra.span whiteSpace="nowrap" maxW="48" overflow="hidden" textOverflow="ellipsis">
        {title}
      </chakra.span>
      {!tab.meta.affix && (
        <chakra.button
          type="button"
          aria-label={t('layout.tabs.closeTab', { title })}
          display="flex"
          p="0.5"
          rounded="sm"
          color="fg.subtle"
          cursor="pointer"
          _hover={{ bg: 'bg.emphasized', color: 'fg' }}
          onClick={(event) => {
            event.stopPropagation();
            onClose();
          }}
        >
          <X size={12} />
        </chakra.button>
      )}
    </Flex>
  );
}
