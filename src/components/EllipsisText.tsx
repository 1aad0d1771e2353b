import { Text, type TextProps } from '@chakra-ui/react';
import { ELLIPSIS_DEFAULT } from '../config/constants';

interface EllipsisTextProps extends Omit<TextProps, 'children' | 'title'> {
  children: string;
  /** The widest the text may be, in px (100 unless asked). */
  widthPx?: number;
  /** How many lines show before the text is cut (1 unless asked). */
  lines?: number;
}

/** Long text cut with an ellipsis to a width and a number of lines; the whole of it shows on hover. */
export function EllipsisText({
  children,
  widthPx = ELLIPSIS_DEFAULT.widthPx,
  lines = ELLIPSIS_DEFAULT.lines,
  ...props
}: EllipsisTextProps) {
  return (
    <Text maxW={`${widthPx}px`} title={children} {...(lines === 1 ? { truncate: true } : { lineClamp: lines })} {...props}>
      {children}
    </Text>
  );
}
