import { useLayoutEffect, useRef } from 'react';

/** The CSS variable the toast region reads to sit below the page's header. */
export const HEADER_BLOCK_SIZE_VAR = '--header-block-size';

/**
 * Publishes the header's height (it wraps to two lines in some languages and widths, and the phone menu opens in it)
 * on the root element, so fixed layers such as the toasts can keep clear of its buttons. Set through the CSSOM, which
 * the content security policy allows (no inline style attribute).
 */
export function useHeaderBlockSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const root = element.ownerDocument.documentElement;
    const publish = () => root.style.setProperty(HEADER_BLOCK_SIZE_VAR, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    publish();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_BLOCK_SIZE_VAR);
    };
  }, []);
  return ref;
}
