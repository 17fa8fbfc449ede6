// The alerts' read models: the on-call inbox and each staff member's subscriptions.
export {
  ALERTS,
  ALERT_SUBSCRIPTIONS,
  alertsProjection,
  type AlertDoc,
  type AlertStepDoc,
  type AlertSubscriptionDoc,
} from './alerts.projection';
