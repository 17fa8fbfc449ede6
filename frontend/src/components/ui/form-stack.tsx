import styled from '@emotion/styled';

/** A form whose fields stack with even gaps. */
export const FormStack = styled.form`
  display: grid;
  gap: 1rem;
`;

/** The buttons (and links) that end a form, wrapping on narrow screens. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.25rem;
  align-items: center;
`;
