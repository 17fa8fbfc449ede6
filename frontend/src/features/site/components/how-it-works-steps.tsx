import styled from '@emotion/styled';
import { FormattedMessage, useIntl } from 'react-intl';
import { theme } from '../../../styles/theme';

const Steps = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 1.25rem;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  counter-reset: step;
  li {
    counter-increment: step;
    background: ${theme.color.surface};
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.md};
    padding: 1.25rem;
  }
  h3::before {
    content: counter(step, decimal) '. ';
    color: ${theme.color.accentDark};
  }
  svg {
    display: block;
    inline-size: 100%;
    max-inline-size: 10rem;
    block-size: auto;
    margin-inline: auto;
    margin-block-end: 0.75rem;
  }
`;

const Car = () => (
  <g>
    <rect x="10" y="70" width="80" height="24" rx="8" fill="#0f766e" />
    <path d="M22 70 32 54h36l10 16z" fill="#14b8a6" />
    <circle cx="28" cy="96" r="8" fill="#0f172a" />
    <circle cx="72" cy="96" r="8" fill="#0f172a" />
  </g>
);

const Charger = ({ light = '#94a3b8' }: { light?: string }) => (
  <g>
    <rect x="112" y="30" width="32" height="70" rx="6" fill="#334155" />
    <circle cx="128" cy="46" r="6" fill={light} />
  </g>
);

const Phone = ({ x = 60, y = 18 }: { x?: number; y?: number }) => (
  <g transform={`translate(${x} ${y})`}>
    <rect width="24" height="40" rx="4" fill="#0f172a" />
    <rect x="3" y="5" width="18" height="28" rx="2" fill="#a7f3d0" />
  </g>
);

/** Four simple illustrations, one per step (docs/rules.md §1). */
const ART = [
  <svg key="1" viewBox="0 0 160 110">
    <Car />
    <Charger />
    <path d="M90 80c12 0 12-30 22-30" stroke="#f59e0b" strokeWidth="4" fill="none" />
  </svg>,
  <svg key="2" viewBox="0 0 160 110">
    <Charger />
    <Phone x={70} y={30} />
    <path d="M98 40q8 10 0 20M104 34q14 16 0 32" stroke="#22c55e" strokeWidth="3" fill="none" />
  </svg>,
  <svg key="3" viewBox="0 0 160 110">
    <Car />
    <Charger light="#3b82f6" />
    <path d="M90 80c12 0 12-30 22-30" stroke="#f59e0b" strokeWidth="4" fill="none" />
    <circle cx="128" cy="46" r="12" fill="#3b82f6" opacity="0.3" />
  </svg>,
  <svg key="4" viewBox="0 0 160 110">
    <Car />
    <Phone x={120} y={20} />
    <rect x="125" y="30" width="14" height="14" rx="2" fill="#ef4444" />
  </svg>,
];

export function HowItWorksSteps() {
  const intl = useIntl();
  return (
    <Steps>
      {ART.map((art, i) => (
        <li key={i}>
          <div role="img" aria-label={intl.formatMessage({ id: `how.step${i + 1}.alt` })}>
            {art}
          </div>
          <h3>
            <FormattedMessage id={`how.step${i + 1}.title`} />
          </h3>
          <p>
            <FormattedMessage id={`how.step${i + 1}.body`} />
          </p>
        </li>
      ))}
    </Steps>
  );
}
