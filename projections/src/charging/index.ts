// Charging's read models: sessions, a customer's cars (and their summary on the customer), and the notifications
// collection every context writes its notifications into.
export {
  SESSIONS,
  sessionsProjection,
  evolveSession,
  readingColumns,
  readingRows,
  type ReadingColumns,
  type SessionDoc,
} from './sessions.projection';
export { CARS, carsProjection, type CarDoc } from './cars.projection';
export { customerCarsProjection } from './customer-cars.projection';
export {
  NOTIFICATIONS,
  notificationsProjection,
  fileNotification,
  type NotificationDoc,
  type NotificationNotice,
} from './notifications.projection';
