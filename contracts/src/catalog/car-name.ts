/** "BMW i4": the brand, then the type, without the brand twice when the type's name already starts with it. */
export function joinBrandType(brand: string, type: string): string {
  const b = brand.trim();
  const t = type.trim();
  if (!b) return t;
  return t.toLocaleLowerCase().startsWith(`${b.toLocaleLowerCase()} `) || t.toLocaleLowerCase() === b.toLocaleLowerCase() ? t : `${b} ${t}`;
}
