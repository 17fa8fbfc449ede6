import { Global, css } from '@emotion/react';
import { theme } from './theme';
// The all-subsets files carry unicode-range, so a page downloads only the Latin or Arabic faces it uses.
import '@fontsource/cairo/400.css';
import '@fontsource/cairo/700.css';

const styles = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
  }
  body {
    margin: 0;
    font-family:
      'Cairo',
      system-ui,
      -apple-system,
      'Segoe UI',
      sans-serif;
    font-size: 1rem;
    line-height: 1.6;
    color: ${theme.color.ink};
    background: ${theme.color.background};
    text-align: start;
  }
  h1,
  h2,
  h3,
  h4 {
    line-height: 1.25;
    margin-block: 0 0.75rem;
  }
  p {
    margin-block: 0 1rem;
  }
  a {
    color: ${theme.color.primary};
  }
  img,
  svg {
    max-inline-size: 100%;
  }
  :focus-visible {
    outline: 3px solid ${theme.color.focus};
    outline-offset: 2px;
  }
  /* Directional icons mirror with one class. */
  [dir='rtl'] .mirror-rtl {
    transform: scaleX(-1);
  }
  .visually-hidden {
    position: absolute !important;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation: none !important;
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }
`;

export const GlobalStyles = () => <Global styles={styles} />;
