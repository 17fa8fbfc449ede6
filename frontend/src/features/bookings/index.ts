/** What other parts of the app may render (the profile's bookings tab: the customer's list and history). */
export { BookingsPanel } from './components/bookings-panel';
