import { css } from '@emotion/react';
import styled from '@emotion/styled';
import type { ComponentProps } from 'react';
import { theme } from '../../styles/theme';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

/** Shared by <Button> and router links that look like buttons. */
export const buttonStyles = (variant: ButtonVariant = 'primary') => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-block-size: 2.75rem;
  padding-block: 0.5rem;
  padding-inline: 1.25rem;
  border-radius: 999px;
  font: inherit;
  font-weight: 700;
  text-decoration: none;
  cursor: pointer;
  transition:
    background 0.15s,
    transform 0.15s;
  border: 2px solid ${variant === 'ghost' ? 'currentColor' : theme.color.primary};
  background: ${variant === 'primary' ? theme.color.primary : 'transparent'};
  color: ${variant === 'primary' ? '#fff' : variant === 'ghost' ? 'inherit' : theme.color.primary};
  &:hover:not(:disabled) {
    background: ${variant === 'primary' ? theme.color.primaryDark : theme.color.primaryLight};
    color: ${variant === 'primary' ? '#fff' : theme.color.primaryDark};
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Button = styled.button<{ variant?: ButtonVariant }>`
  ${(p) => buttonStyles(p.variant)}
`;

/** One tab of a strip of buttons (role tab): the selected one is drawn primary, the others secondary. */
export function TabButton({
  selected,
  ...props
}: { selected: boolean } & Omit<ComponentProps<typeof Button>, 'type' | 'role' | 'variant'>) {
  return <Button type="button" role="tab" aria-selected={selected} variant={selected ? 'primary' : 'secondary'} {...props} />;
}
