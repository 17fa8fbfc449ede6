import styled from '@emotion/styled';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { BoltIcon } from './icons';
import { paths } from '../../config/paths';

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  font-weight: 700;
  font-size: 1.2rem;
  color: inherit;
  text-decoration: none;
  span.mark {
    display: grid;
    place-items: center;
    inline-size: 2.25rem;
    block-size: 2.25rem;
    border-radius: 10px;
    background: linear-gradient(135deg, #22c55e, #0f766e);
    color: #ecfdf5;
  }
`;

export const Logo = () => (
  <Brand to={paths.home}>
    <span className="mark">
      <BoltIcon />
    </span>
    <FormattedMessage id="app.name" />
  </Brand>
);
