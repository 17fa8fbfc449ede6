/** Small inline icons. Directional ones carry `mirror-rtl` so they flip in Arabic. */
export const ArrowIcon = () => (
  <svg className="mirror-rtl" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M5 12h13m-5-6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const BoltIcon = ({ size = 24 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M13 2 4 14h6l-1 8 9-12h-6z" fill="currentColor" />
  </svg>
);

export const PinIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12z" fill="none" stroke="currentColor" strokeWidth="2" />
    <circle cx="12" cy="10" r="2.5" fill="currentColor" />
  </svg>
);
