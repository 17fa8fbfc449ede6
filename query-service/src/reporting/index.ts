// Reporting: the staff dashboard's figures, computed at query time from other contexts' read models.
export { ReportingAnswers } from './reporting.answers';
