import styled from '@emotion/styled';
import { theme } from '../../styles/theme';

/**
 * The frame every image upload field shares (a customer's profile picture and licences, staff's images): the
 * field's grid, its label, the hint under it and the problem it announces.
 */
export const UploadField = styled.div`
  display: grid;
  gap: 0.35rem;
`;

export const UploadLabel = styled.label`
  font-weight: 700;
`;

export const UploadHint = styled.small`
  color: ${theme.color.muted};
`;

export const UploadProblem = styled.p`
  margin: 0;
  color: ${theme.color.danger};
`;
