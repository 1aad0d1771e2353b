import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/** Articles being written: a page with headings, text and an image, and a spark of AI. */
export function LoginIllustration(props: HTMLChakraProps<'svg'>) {
  return (
    <chakra.svg viewBox="0 0 420 320" w="full" maxW="md" aria-hidden="true" {...props}>
      <defs>
        <linearGradient id="page" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.98" />
          <stop offset="1" stopColor="#e8f1fb" stopOpacity="0.95" />
        </linearGradient>
        <linearGradient id="image" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5f9adb" />
          <stop offset="1" stopColor="#0960bd" />
        </linearGradient>
      </defs>
      <rect x="250" y="40" width="140" height="180" rx="14" fill="#ffffff" opacity="0.16" transform="rotate(8 320 130)" />
      <rect x="40" y="70" width="120" height="160" rx="14" fill="#ffffff" opacity="0.12" transform="rotate(-8 100 150)" />
      <rect x="110" y="30" width="210" height="260" rx="16" fill="url(#page)" />
      <rect x="132" y="54" width="120" height="12" rx="6" fill="#0960bd" />
      <rect x="132" y="76" width="160" height="7" rx="3.5" fill="#96bde8" />
      <rect x="132" y="98" width="166" height="72" rx="10" fill="url(#image)" />
      <path d="M146 160l26-30 20 22 14-14 28 22z" fill="#ffffff" opacity="0.7" />
      <circle cx="270" cy="118" r="9" fill="#ffffff" opacity="0.8" />
      <rect x="132" y="184" width="166" height="7" rx="3.5" fill="#c5dbf3" />
      <rect x="132" y="200" width="150" height="7" rx="3.5" fill="#c5dbf3" />
      <rect x="132" y="216" width="158" height="7" rx="3.5" fill="#c5dbf3" />
      <rect x="132" y="240" width="90" height="10" rx="5" fill="#327dcf" />
      <rect x="132" y="258" width="130" height="7" rx="3.5" fill="#c5dbf3" />
      <g transform="translate(318 44)">
        <circle r="26" fill="#ffffff" />
        <path d="M0-14l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#0960bd" />
      </g>
      <g transform="translate(84 250)">
        <rect x="-30" y="-18" width="96" height="36" rx="18" fill="#ffffff" />
        <text x="18" y="5" textAnchor="middle" fontSize="14" fontWeight="700" fill="#0960bd" fontFamily="sans-serif">
          SEO 96
        </text>
      </g>
    </chakra.svg>
  );
}
