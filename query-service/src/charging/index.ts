// Charging's queries: sessions, the wallet's transactions and payments as the customer and staff see them, receipts.
export { ChargingAnswers } from './charging.answers';
export { ReceiptsAnswers } from './receipts.answers';
export { bound } from './sessions.queries';
