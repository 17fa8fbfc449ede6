import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';

const Badge = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  background: #0b0f14;
  color: #fff;
  border-radius: 10px;
  padding-block: 0.45rem;
  padding-inline: 0.9rem;
  text-decoration: none;
  min-inline-size: 11rem;
  span {
    display: grid;
    line-height: 1.15;
  }
  small {
    font-size: 0.72rem;
    opacity: 0.85;
  }
  strong {
    font-size: 1.05rem;
  }
`;

const AppleGlyph = () => (
  <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.8-3.5.8s-1.9-.8-3.1-.8C6.8 7.2 5.3 8.1 4.5 9.6c-1.7 2.9-.4 7.2 1.2 9.6.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8s1.9.8 3.1.8c1.3 0 2.1-1.2 2.9-2.4.9-1.3 1.3-2.6 1.3-2.7-.1 0-2.7-1-2.7-3.9zM14.1 5.5c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.9 1 .1 2.1-.5 2.7-1.3z"
    />
  </svg>
);

const PlayGlyph = () => (
  <svg width="24" height="26" viewBox="0 0 24 26" aria-hidden="true" focusable="false">
    <path fill="#34d399" d="M2 1.5 14 13 2 24.5c-.6-.3-1-.9-1-1.7V3.2c0-.8.4-1.4 1-1.7z" />
    <path fill="#60a5fa" d="M18 9.2 14 13 2 1.5c.3-.2.8-.2 1.3 0z" />
    <path fill="#f87171" d="M18 16.8 3.3 25.5c-.5.3-1 .2-1.3 0L14 13z" />
    <path fill="#fbbf24" d="m18 9.2 4 2.3c1.2.7 1.2 2.3 0 3l-4 2.3L14 13z" />
  </svg>
);

/** Self-drawn store badges (no artwork fetched from the internet). */
export function StoreBadge({ store, href }: { store: 'apple' | 'google'; href: string }) {
  return (
    <Badge href={href} target="_blank" rel="noopener noreferrer">
      {store === 'apple' ? <AppleGlyph /> : <PlayGlyph />}
      <span>
        <small>
          <FormattedMessage id={store === 'apple' ? 'home.app.appleSmall' : 'home.app.googleSmall'} />
        </small>
        <strong>{store === 'apple' ? 'App Store' : 'Google Play'}</strong>
      </span>
    </Badge>
  );
}
