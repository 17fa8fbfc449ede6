import { useId } from 'react';
import styled from '@emotion/styled';
import { useIntl } from 'react-intl';
import type { SiteLoadPoint } from '@evc/contracts/smart-charging';
import { formatCairo } from '../../../lib/cairo-time';
import { useLocale } from '../../../hooks/use-locale';
import { theme } from '../../../styles/theme';
import { formatKw } from '../components/power';

/** The drawing's own units; the SVG scales to its box. */
export const CHART = { width: 600, height: 200, left: 48, right: 8, top: 8, bottom: 24 } as const;

/** The top of the scale: a little above the highest of power and limit, in whole kW steps, at least 1 kW. */
export function scaleTop(points: readonly SiteLoadPoint[]): number {
  const highest = points.reduce((max, p) => Math.max(max, p.drawnW, p.limitW ?? 0), 0);
  return Math.max(1000, Math.ceil((highest * 1.1) / 1000) * 1000);
}

/**
 * The chart's two paths: the drawn power as a filled step area, the limit as a step line broken where there was
 * none. Time runs from the left (oldest) to the right (now) in both languages, as a time axis is read.
 */
export function chartPaths(points: readonly SiteLoadPoint[]): { area: string; limit: string; top: number } {
  const top = scaleTop(points);
  const plotW = CHART.width - CHART.left - CHART.right;
  const plotH = CHART.height - CHART.top - CHART.bottom;
  const step = points.length > 0 ? plotW / points.length : plotW;
  const x = (i: number) => +(CHART.left + i * step).toFixed(1);
  const y = (w: number) => +(CHART.top + plotH - (Math.min(w, top) / top) * plotH).toFixed(1);
  const base = CHART.top + plotH;
  let area = points.length > 0 ? `M${x(0)},${base}` : '';
  points.forEach((p, i) => (area += ` L${x(i)},${y(p.drawnW)} L${x(i + 1)},${y(p.drawnW)}`));
  if (points.length > 0) area += ` L${x(points.length)},${base} Z`;
  let limit = '';
  let drawing = false;
  points.forEach((p, i) => {
    if (p.limitW === null) return void (drawing = false);
    limit += `${drawing ? ' L' : ' M'}${x(i)},${y(p.limitW)} L${x(i + 1)},${y(p.limitW)}`;
    drawing = true;
  });
  return { area, limit: limit.trim(), top };
}

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: 0.25rem;
  /* a time axis reads from the oldest to now in both languages */
  svg {
    direction: ltr;
    inline-size: 100%;
    block-size: auto;
    max-block-size: 16rem;
  }
  figcaption {
    display: flex;
    flex-wrap: wrap;
    gap: 1rem;
    font-size: 0.9rem;
    color: ${theme.color.muted};
  }
`;

const Swatch = styled.span<{ kind: 'power' | 'limit' }>`
  display: inline-block;
  inline-size: 1rem;
  block-size: 0.6rem;
  margin-inline-end: 0.35rem;
  background: ${(p) => (p.kind === 'power' ? theme.color.primaryLight : 'transparent')};
  border-block-start: 2px ${(p) => (p.kind === 'power' ? 'solid' : 'dashed')}
    ${(p) => (p.kind === 'power' ? theme.color.primary : theme.color.danger)};
`;

/**
 * The station's load over the window: drawn power (area) against the limit (dashed line), drawn by hand in SVG (no
 * chart library). The figure's text says the same for screen readers: the window, the highest load and the limit now.
 */
export function LoadChart({ points, windowHours }: { points: readonly SiteLoadPoint[]; windowHours: number }) {
  const intl = useIntl();
  const locale = useLocale();
  const titleId = useId();
  const { area, limit, top } = chartPaths(points);
  const peak = points.reduce((max, p) => Math.max(max, p.drawnW), 0);
  const last = points.at(-1);
  const kw = (w: number) => intl.formatMessage({ id: 'smartCharging.kw' }, { value: formatKw(w, locale) });
  const summary = intl.formatMessage(
    { id: 'smartCharging.chart.summary' },
    {
      hours: windowHours,
      peak: kw(peak),
      limit: last?.limitW != null ? kw(last.limitW) : intl.formatMessage({ id: 'smartCharging.noLimit' }),
    },
  );
  const base = CHART.height - CHART.bottom;
  return (
    <Figure data-testid="load-chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{summary}</title>
        <line x1={CHART.left} y1={base} x2={CHART.width - CHART.right} y2={base} stroke={theme.color.border} />
        <line x1={CHART.left} y1={CHART.top} x2={CHART.left} y2={base} stroke={theme.color.border} />
        <text x={CHART.left - 4} y={CHART.top + 10} fontSize="11" textAnchor="end" fill={theme.color.muted}>
          {formatKw(top, locale)}
        </text>
        <text x={CHART.left - 4} y={base} fontSize="11" textAnchor="end" fill={theme.color.muted}>
          {formatKw(0, locale)}
        </text>
        {points.length > 0 && (
          <>
            <text x={CHART.left} y={CHART.height - 6} fontSize="11" fill={theme.color.muted}>
              {formatCairo(points[0]!.at, locale, 'time')}
            </text>
            <text x={CHART.width - CHART.right} y={CHART.height - 6} fontSize="11" textAnchor="end" fill={theme.color.muted}>
              {formatCairo(points.at(-1)!.at, locale, 'time')}
            </text>
          </>
        )}
        {area && <path data-testid="load-chart-power" d={area} fill={theme.color.primaryLight} stroke={theme.color.primary} />}
        {limit && (
          <path data-testid="load-chart-limit" d={limit} fill="none" stroke={theme.color.danger} strokeWidth="2" strokeDasharray="6 4" />
        )}
      </svg>
      <figcaption>
        <span>
          <Swatch kind="power" aria-hidden="true" />
          {intl.formatMessage({ id: 'smartCharging.chart.power' })}
        </span>
        <span>
          <Swatch kind="limit" aria-hidden="true" />
          {intl.formatMessage({ id: 'smartCharging.chart.limit' })}
        </span>
        <span>{summary}</span>
      </figcaption>
    </Figure>
  );
}
