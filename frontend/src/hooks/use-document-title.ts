import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** "<the page's heading> · <the product's name>" in the page's language; the name alone where there is no heading. */
export function documentTitle(heading: string | null | undefined, appName: string): string {
  const h = heading?.replace(/\s+/g, ' ').trim();
  return h && h !== appName ? `${h} · ${appName}` : appName;
}

/**
 * Keeps <title> on the page's main heading, in the UI language, for every screen (today's and those added later):
 * the heading may render after its data loads, so later changes of the page are watched too (batched).
 */
export function useDocumentTitle(pathname: string) {
  const intl = useIntl();
  const appName = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      pending = undefined;
      const title = documentTitle(document.querySelector('main h1')?.textContent, appName);
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(() => {
      pending ??= setTimeout(update, 0);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      clearTimeout(pending);
    };
  }, [pathname, appName]);
}
