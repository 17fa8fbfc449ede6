// The site's page views, counted from the bus per path and Cairo day.
export * from './page-view-counter';
