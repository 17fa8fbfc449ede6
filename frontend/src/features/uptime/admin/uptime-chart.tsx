// i18n-catalog: app — the staff's uptime screens.
import styled from '@emotion/styled';
import { useIntl } from 'react-intl';
import type { StationUptimeView } from '@evc/contracts/uptime';
import { useLocale } from '../../../hooks/use-locale';
import { theme } from '../../../styles/theme';

const W = 640;
const H = 220;
const PAD = { top: 12, bottom: 28, side: 40 };

const Figure = styled.figure`
  margin: 0;
  svg {
    inline-size: 100%;
    block-size: auto;
    max-inline-size: 48rem;
    background: #fff;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.sm};
  }
  figcaption {
    font-size: 0.9rem;
    color: ${theme.color.muted};
  }
`;

/**
 * A station's month as bars, one per Cairo day, against its target (a dashed line); drawn as plain SVG. The scale
 * starts at 90 % (or lower when a day was) so the distance to a 97 % target is visible. In Arabic the days run from
 * the right. The days table beside it says the same in text.
 */
export function UptimeChart({ view }: { view: StationUptimeView }) {
  const intl = useIntl();
  const rtl = useLocale() === 'ar';
  const target = view.targetBp / 10_000;
  const values = view.days.map((d) => d.figures.availability).filter((a): a is number => a !== null);
  const floor = Math.min(0.9, Math.floor(Math.min(target, ...values) * 10) / 10);
  const y = (a: number) => PAD.top + (1 - (a - floor) / (1 - floor)) * (H - PAD.top - PAD.bottom);
  const slots = Math.max(view.days.length, 1);
  const slot = (W - 2 * PAD.side) / slots;
  const x = (i: number) => (rtl ? W - PAD.side - (i + 1) * slot : PAD.side + i * slot);
  const pct = (a: number) => intl.formatNumber(a, { style: 'percent', maximumFractionDigits: 2 });
  const title = intl.formatMessage({ id: 'uptime.chart.title' }, { station: rtl ? view.nameAr : view.nameEn, month: view.month });
  const axisX = rtl ? W - PAD.side + 4 : PAD.side - 4;
  const anchor = rtl ? 'start' : 'end';
  return (
    <Figure>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="uptime-chart-title" data-testid="uptime-chart">
        <title id="uptime-chart-title">{title}</title>
        {[floor, 1].map((a) => (
          <g key={a}>
            <line x1={PAD.side} x2={W - PAD.side} y1={y(a)} y2={y(a)} stroke={theme.color.border} />
            <text x={axisX} y={y(a) + 4} fontSize="11" textAnchor={anchor} fill={theme.color.muted}>
              {pct(a)}
            </text>
          </g>
        ))}
        {view.days.map((d, i) => {
          const a = d.figures.availability;
          const below = a !== null && a * 10_000 < view.targetBp;
          const top = a === null ? H - PAD.bottom - 2 : y(Math.max(a, floor));
          return (
            <rect
              key={d.date}
              data-testid="uptime-bar"
              x={x(i) + slot * 0.15}
              y={top}
              width={slot * 0.7}
              height={Math.max(H - PAD.bottom - top, 2)}
              fill={a === null ? '#cbd5e1' : below ? theme.color.danger : '#16a34a'}
            >
              <title>{`${d.date}: ${a === null ? intl.formatMessage({ id: 'uptime.notInService' }) : pct(a)}`}</title>
            </rect>
          );
        })}
        {view.days.map((d, i) =>
          i % 5 === 0 ? (
            <text key={d.date} x={x(i) + slot / 2} y={H - 10} fontSize="11" textAnchor="middle" fill={theme.color.muted}>
              {intl.formatNumber(Number(d.date.slice(8)))}
            </text>
          ) : null,
        )}
        <line x1={PAD.side} x2={W - PAD.side} y1={y(target)} y2={y(target)} stroke={theme.color.primaryDark} strokeDasharray="6 4" />
      </svg>
      <figcaption>{intl.formatMessage({ id: 'uptime.chart.caption' }, { target: pct(target) })}</figcaption>
    </Figure>
  );
}
