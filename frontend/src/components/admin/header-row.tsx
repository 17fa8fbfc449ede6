import { FormattedMessage } from 'react-intl';

/** A table's header row: one column header per message id, in the reading direction of the page. */
export function HeaderRow({ ids }: { ids: readonly string[] }) {
  return (
    <tr>
      {ids.map((id) => (
        <th key={id} scope="col">
          <FormattedMessage id={id} />
        </th>
      ))}
    </tr>
  );
}
