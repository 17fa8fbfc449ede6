// Uptime: availability per station, charger and connector over Cairo days and months, computed at query time.
export { UptimeAnswers } from './uptime.answers';
