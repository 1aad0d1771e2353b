import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/** Inkpress's mark: a pen nib over a page. */
export function LogoMark(props: HTMLChakraProps<'svg'>) {
  return (
    <chakra.svg viewBox="0 0 32 32" boxSize="8" flexShrink={0} aria-hidden="true" {...props}>
      <rect width="32" height="32" rx="8" fill="#0960bd" />
      <path d="M9 23.5h14" stroke="#9cc3f0" strokeWidth="2" strokeLinecap="round" />
      <path d="M16 5.5l5.5 8.2-5.5 6.8-5.5-6.8z" fill="#fff" />
      <path d="M16 12.2v4.6" stroke="#0960bd" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="16" cy="12" r="1.5" fill="#0960bd" />
    </chakra.svg>
  );
}
