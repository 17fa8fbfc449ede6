/** A list without bullets or indent: its own grid lays out its items. */
export const bareList = `
  list-style: none;
  margin: 0;
  padding: 0;
`;
