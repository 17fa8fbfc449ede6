import styled from '@emotion/styled';
import { FormattedMessage } from 'react-intl';
import { Button } from './button';

const Bar = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 1rem;
  margin-block: 1rem;
`;

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Bar aria-label="pagination">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <FormattedMessage id="common.previous" />
      </Button>
      <span>
        <FormattedMessage id="common.pageOf" values={{ page, pages }} />
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <FormattedMessage id="common.next" />
      </Button>
    </Bar>
  );
}
