import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { Container } from '../../../components/ui/layout';
import { formatEnergy, formatNumber } from '../../../lib/format';
import { theme } from '../../../styles/theme';
import { useLocale } from '../../../hooks/use-locale';
import { useNetworkStats } from '../../../hooks/use-reference-data';

/** Five tiles that fill their rows (no orphan): two columns on a phone with the fifth across both, one row of five from 768 px. */
const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1rem;
  > div:last-child:nth-child(odd) {
    grid-column: 1 / -1;
  }
  ${theme.bp.md} {
    grid-template-columns: repeat(5, minmax(0, 1fr));
    > div:last-child:nth-child(odd) {
      grid-column: auto;
    }
  }
  margin-block: -2rem 0;
  position: relative;
  div {
    background: ${theme.color.surface};
    border-radius: ${theme.radius.md};
    box-shadow: ${theme.shadow.card};
    padding: 1rem 1.25rem;
  }
  dt {
    color: ${theme.color.muted};
    font-size: 0.9rem;
  }
  dd {
    margin: 0;
    font-size: clamp(1.4rem, 5vw, 1.8rem);
    font-weight: 700;
    color: ${theme.color.primaryDark};
  }
`;

/** Live network figures from GET /api/queries/network-stats. */
export function NetworkStatsSection() {
  const intl = useIntl();
  const locale = useLocale();
  const stats = useNetworkStats();
  const n = (v: number | undefined) => (v === undefined ? '—' : formatNumber(v, locale));
  const energy = stats.data ? formatEnergy(stats.data.energyDeliveredWh, locale) : null;
  return (
    <Container as="section" aria-label={intl.formatMessage({ id: 'home.stats.title' })}>
      <Tiles>
        <div>
          <dt>
            <FormattedMessage id="home.stats.stations" />
          </dt>
          <dd>{n(stats.data?.stations)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="home.stats.points" />
          </dt>
          <dd>{n(stats.data?.chargingPoints)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="home.stats.governorates" />
          </dt>
          <dd>{n(stats.data?.governoratesCovered)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="home.stats.energy" />
          </dt>
          <dd>{energy ? <FormattedMessage id={`unit.${energy.unit}`} values={{ value: energy.value }} /> : '—'}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="home.stats.sessions" />
          </dt>
          <dd>{n(stats.data?.sessions)}</dd>
        </div>
      </Tiles>
    </Container>
  );
}
