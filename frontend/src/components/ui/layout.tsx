import styled from '@emotion/styled';
import { theme } from '../../styles/theme';

export const Container = styled.div`
  inline-size: 100%;
  max-inline-size: ${theme.maxWidth};
  margin-inline: auto;
  padding-inline: 1rem;
  ${theme.bp.md} {
    padding-inline: 1.5rem;
  }
`;

export const Section = styled.section`
  padding-block: 2.5rem;
  ${theme.bp.md} {
    padding-block: 4rem;
  }
`;

export const Card = styled.div`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.md};
  box-shadow: ${theme.shadow.card};
  padding: 1.25rem;
`;

export const Grid = styled.div<{ min?: string }>`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(${(p) => p.min ?? '14rem'}, 1fr));
`;

export const Muted = styled.p`
  color: ${theme.color.muted};
`;

export const PageTitle = styled.h1`
  font-size: clamp(1.75rem, 4vw, 2.5rem);
  color: ${theme.color.primaryDark};
`;
