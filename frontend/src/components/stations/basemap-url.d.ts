/** The URL of the offline basemap asset (vite.config.ts, offlineBasemap). */
declare module 'virtual:evc/basemap-url' {
  const url: string;
  export default url;
}
