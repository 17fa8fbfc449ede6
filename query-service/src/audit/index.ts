// Audit: the event explorer (search, one event, chains, charger operations) and items' history panels.
export { EventsAnswers } from './events.answers';
export { AuditHistoryAnswers } from './audit-history.answers';
