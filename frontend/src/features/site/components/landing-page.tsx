import { AppDownload } from './app-download';
import { CallToActions } from './call-to-actions';
import { Facts } from './facts';
import { Hero } from './hero';
import { NearbySearch } from './nearby-search';
import { NetworkStatsSection } from './network-stats';

export function LandingPage() {
  return (
    <>
      <Hero />
      <NetworkStatsSection />
      <NearbySearch />
      <Facts />
      <CallToActions />
      <AppDownload />
    </>
  );
}
