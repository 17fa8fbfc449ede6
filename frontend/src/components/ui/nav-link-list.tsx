import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { NavItem } from '../../config/nav-items';

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
            {item.badge ? (
              <span className="badge">
                {' '}
                <FormattedMessage id="notification.badge" values={{ count: item.badge }} />
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
