import { Portal, Tooltip, type IconButtonProps } from '@chakra-ui/react';
import { HeaderIconButton } from '../../components/HeaderIconButton';

/** An icon button of the header with its name as a tooltip. */
export function HeaderAction(props: IconButtonProps & { label: string }) {
  return (
    <Tooltip.Root openDelay={300} positioning={{ placement: 'bottom' }}>
      <Tooltip.Trigger asChild>
        <HeaderIconButton {...props} />
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{props.label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
