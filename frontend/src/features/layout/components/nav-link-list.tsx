import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { NavItem } from '../nav-items';

export function NavLinkList({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={`${item.labelId}`}>
          <Link
            to={item.to}
            hash={item.hash}
            search={item.search ?? {}}
            activeOptions={{ exact: true, includeHash: true, includeSearch: false }}
            activeProps={{ 'aria-current': 'page' }}
            onClick={onNavigate}
          >
            <FormattedMessage id={item.labelId} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
