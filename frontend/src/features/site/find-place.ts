import type { GovernorateView } from '@evc/contracts/network';

const norm = (s: string) => s.trim().toLocaleLowerCase().replace(/\s+/g, ' ');

/** Matches a typed place against governorate names in both languages (exact, then prefix, then contains). */
export function findGovernorate(text: string, governorates: readonly GovernorateView[]): GovernorateView | undefined {
  const q = norm(text);
  if (!q) return undefined;
  const withCentre = governorates.filter((g) => g.centre);
  const names = (g: GovernorateView) => [norm(g.nameEn), norm(g.nameAr)];
  return (
    withCentre.find((g) => names(g).includes(q)) ??
    withCentre.find((g) => names(g).some((n) => n.startsWith(q))) ??
    withCentre.find((g) => names(g).some((n) => n.includes(q)))
  );
}
