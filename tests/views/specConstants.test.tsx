import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from '../../src/components/theme/system';
import { EllipsisText } from '../../src/components/EllipsisText';
import { Loader } from '../../src/components/feedback/Loader';
import { ColoredButton } from '../../src/components/ColoredButton';
import type { ButtonColor, LoaderSize } from '../../src/config/constants';

const LONG = 'A keyword long enough that no table cell could show all of it on one line';

function draw(node: ReactNode) {
  return render(<ChakraProvider value={system}>{node}</ChakraProvider>);
}

/** The rule's styles as the browser gets them: emotion's class rules for the element. */
function stylesOf(element: Element) {
  return getComputedStyle(element);
}

afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

describe('long text cut with an ellipsis', () => {
  it('is 100 px wide and one line unless asked, and its whole text shows on hover', () => {
    draw(<EllipsisText>{LONG}</EllipsisText>);
    const cell = screen.getByText(LONG);
    expect(cell.getAttribute('title')).toBe(LONG);
    const style = stylesOf(cell);
    expect(style.maxWidth).toBe('100px');
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.whiteSpace).toBe('nowrap');
  });

  it('keeps as many lines as asked', () => {
    draw(<EllipsisText lines={2}>{LONG}</EllipsisText>);
    const style = stylesOf(screen.getByText(LONG));
    expect(style.getPropertyValue('-webkit-line-clamp')).toBe('2');
  });
});

describe('the loader’s sizes and the buttons’ colours (spec §5)', () => {
  it('draws the large loader unless asked', () => {
    draw(<Loader label="Loading" />);
    expect(screen.getByLabelText('Loading').getAttribute('data-size')).toBe('large');
  });

  it('is a status a screen reader announces when it is named', () => {
    draw(<Loader size="default" label="Loading" />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });

  it('refuses any other loader size in development, with the spec’s words', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => draw(<Loader size={'huge' as LoaderSize} />)).toThrow('Loading component size must be one of default, small, large.');
  });

  it('refuses any other button colour in development, with the spec’s words', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => draw(<ColoredButton color={'purple' as ButtonColor}>Go</ColoredButton>)).toThrow(
      'Button color must be primary, error, warning, success or empty.',
    );
  });

  it('takes the spec’s colours, the plain one included', () => {
    draw(
      <>
        <ColoredButton color="error">Delete</ColoredButton>
        <ColoredButton>Cancel</ColoredButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('data-color')).toBe('error');
    expect(screen.getByRole('button', { name: 'Cancel' }).getAttribute('data-color')).toBeNull();
  });

  it('falls back quietly in production', () => {
    vi.stubEnv('DEV', false);
    draw(
      <>
        <Loader size={'huge' as LoaderSize} label="Loading" />
        <ColoredButton color={'purple' as ButtonColor}>Go</ColoredButton>
      </>,
    );
    expect(screen.getByLabelText('Loading').getAttribute('data-size')).toBe('large');
    expect(screen.getByRole('button', { name: 'Go' }).getAttribute('data-color')).toBeNull();
  });
});
