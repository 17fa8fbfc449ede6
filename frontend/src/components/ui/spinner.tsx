import styled from '@emotion/styled';
import { keyframes } from '@emotion/react';
import { useIntl } from 'react-intl';
import { theme } from '../../styles/theme';

const spin = keyframes`to { transform: rotate(360deg); }`;
const Ring = styled.span`
  display: inline-block;
  inline-size: 1.5rem;
  block-size: 1.5rem;
  border: 3px solid ${theme.color.primaryLight};
  border-block-start-color: ${theme.color.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

export function Spinner() {
  const intl = useIntl();
  // the root route's pending state can show before the first catalog has loaded: no label rather than a raw id
  const label = 'common.loading' in intl.messages ? intl.formatMessage({ id: 'common.loading' }) : undefined;
  return <Ring role="progressbar" aria-label={label} aria-busy="true" />;
}

const Centred = styled.div`
  display: grid;
  place-items: center;
  min-block-size: 40vh;
`;

export const PageLoading = () => (
  <Centred>
    <Spinner />
  </Centred>
);
