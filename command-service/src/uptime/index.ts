/** The uptime context: planned maintenance declarations and stations' availability targets. */
export { uptimeContext } from './uptime.context';
