import { describe, expect, it } from 'vitest';
import { assetUrl } from '../../src/shared/assetUrl';

describe('an address the API answers with', () => {
  it('is prefixed with the API host when it is a path on that server, so a console on another origin shows it', () => {
    expect(assetUrl('/uploads/avatar/7.png', 'https://api.example.com')).toBe('https://api.example.com/uploads/avatar/7.png');
    expect(assetUrl('/avatars/3.svg', 'https://api.example.com/')).toBe('https://api.example.com/avatars/3.svg');
    // A console on the API's own origin has no host to add.
    expect(assetUrl('/avatars/3.svg', '')).toBe('/avatars/3.svg');
  });

  it('is kept as it is when it is absolute already', () => {
    for (const address of ['https://cdn.example.com/a.png', 'data:image/png;base64,AAAA', 'blob:https://x/1', '//cdn.example.com/a.png'])
      expect(assetUrl(address, 'https://api.example.com')).toBe(address);
  });
});
