import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import { theme } from '../../styles/theme';
import type { ConnectorStatus } from '@evc/contracts/network';
import { connectorAvailability, connectorStatusDetail, type Availability } from '../../lib/station-status';

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

/** A connector's badge, with its own status word only where that adds something (see connectorStatusDetail). */
export function ConnectorStatusBadge({ status, online }: { status: ConnectorStatus; online: boolean }) {
  const detail = connectorStatusDetail(status, online);
  return (
    <span data-testid="connector-status">
      <AvailabilityBadge value={connectorAvailability(status, online)} />
      {detail && (
        <small>
          {' · '}
          <FormattedMessage id={`connector.${detail}`} />
        </small>
      )}
    </span>
  );
}
