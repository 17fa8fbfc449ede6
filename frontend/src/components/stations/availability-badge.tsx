import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import { theme } from '../../styles/theme';
import type { Availability } from '../../lib/station-status';

export const availabilityColor: Record<Availability, string> = {
  available: theme.color.available,
  busy: theme.color.busy,
  offline: theme.color.offline,
};

const Pill = styled.span<{ tone: Availability }>`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  font-size: 0.85rem;
  font-weight: 700;
  color: ${(p) => availabilityColor[p.tone]};
  &::before {
    content: '';
    inline-size: 0.6rem;
    block-size: 0.6rem;
    border-radius: 50%;
    background: currentColor;
  }
`;

export const AvailabilityBadge = ({ value }: { value: Availability }) => (
  <Pill tone={value}>
    <FormattedMessage id={`status.${value}`} />
  </Pill>
);
