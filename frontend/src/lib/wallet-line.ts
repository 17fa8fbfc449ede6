/** The DOM id of a wallet line: the wallet page sets it, the session page links to it. */
export const txAnchor = (transactionId: string) => `tx-${transactionId}`;
