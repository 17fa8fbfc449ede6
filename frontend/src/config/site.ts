/** Public links of the product. The store listings are not known yet: replace with the real app pages. */
export const STORE_LINKS = {
  apple: 'https://apps.apple.com/eg/',
  google: 'https://play.google.com/store/apps',
} as const;
