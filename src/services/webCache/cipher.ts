import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';

export interface Cipher {
  encrypt(text: string): string;
  decrypt(cipherText: string): string;
}

/** AES in ECB mode with PKCS7 padding (spec §5, §9); key and iv must be 16 characters. */
export function createAesCipher(key: string, iv: string): Cipher {
  if (key.length !== 16 || iv.length !== 16) throw new Error('key or iv must be 16 bits');
  const secret = Utf8.parse(key);
  const options = { mode: ECB, padding: Pkcs7, iv: Utf8.parse(iv) };
  return {
    encrypt: (text) => AES.encrypt(text, secret, options).toString(),
    decrypt: (cipherText) => AES.decrypt(cipherText, secret, options).toString(Utf8),
  };
}
