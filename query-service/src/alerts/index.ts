export { AlertsAnswers } from './alerts.answers';
