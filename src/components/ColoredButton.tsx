import { Button, type ButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';
import { BUTTON_COLOR_REFUSED, BUTTON_COLORS, type ButtonColor } from '../config/constants';
import { refuseInvalidProp } from './refuseInvalidProp';

const PALETTE: Record<ButtonColor, ButtonProps['colorPalette']> = {
  primary: 'brand',
  error: 'red',
  warning: 'orange',
  success: 'green',
  '': undefined,
};

export interface ColoredButtonProps extends Omit<ButtonProps, 'color' | 'colorPalette'> {
  color?: ButtonColor;
}

/** A button in one of the spec's colours: primary, error, warning, success, or the plain one. */
export const ColoredButton = forwardRef<HTMLButtonElement, ColoredButtonProps>(function ColoredButton({ color = '', ...props }, ref) {
  const shown = refuseInvalidProp(color, BUTTON_COLORS, BUTTON_COLOR_REFUSED) ? color : '';
  return <Button ref={ref} colorPalette={PALETTE[shown]} data-color={shown || undefined} {...props} />;
});
