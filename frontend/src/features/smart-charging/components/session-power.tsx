import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card } from '../../../components/ui/layout';
import { useLocale } from '../../../hooks/use-locale';
import { theme } from '../../../styles/theme';
import { useSessionPower } from '../api/smart-charging-api';
import { formatKw } from './power';

const Box = styled(Card)`
  display: grid;
  gap: 0.25rem;
  border-inline-start: 4px solid ${theme.color.primary};
  p {
    margin: 0;
  }
`;

/**
 * The driver's share of the station's power while the session charges: how much, and why (shared with other cars,
 * waiting for power, or the charger counted at its full power). Nothing shows at a station without a limit.
 */
export function SessionPower({ sessionId }: { sessionId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const power = useSessionPower(sessionId);
  const p = power.data;
  if (!p || !p.limited || !p.charging || p.allottedW === null) return null;
  const kw = intl.formatMessage({ id: 'smartCharging.kw' }, { value: formatKw(p.allottedW, locale) });
  return (
    <Box data-testid="session-power" aria-live="polite">
      <strong>
        {p.waiting ? (
          <FormattedMessage id="smartCharging.driver.waiting" />
        ) : (
          <FormattedMessage id="smartCharging.driver.allotted" values={{ power: kw }} />
        )}
      </strong>
      <p data-testid="session-power-why">
        {p.waiting ? (
          <FormattedMessage id="smartCharging.driver.waitingWhy" values={{ others: p.sharedWith }} />
        ) : p.counted === 'full-power' ? (
          <FormattedMessage id="smartCharging.driver.fullPower" />
        ) : p.sharedWith > 0 ? (
          <FormattedMessage id="smartCharging.driver.shared" values={{ others: p.sharedWith }} />
        ) : (
          <FormattedMessage id="smartCharging.driver.alone" />
        )}
      </p>
    </Box>
  );
}
