import { IconButton, type IconButtonProps } from '@chakra-ui/react';

/** The look of the header's icon buttons; `label` names the button for assistive technology. */
export function HeaderIconButton({ label, ...props }: IconButtonProps & { label: string }) {
  return <IconButton aria-label={label} variant="ghost" size="sm" color="fg.muted" _hover={{ color: 'fg', bg: 'bg.muted' }} {...props} />;
}
