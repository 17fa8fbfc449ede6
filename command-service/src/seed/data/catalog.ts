/**
 * Cars common on Egyptian roads with their usable battery: [brand en, brand ar, [[type en, type ar, kWh]]]. A type's
 * name never repeats its brand (screens show "brand type"), and every name has the 3 characters master data needs.
 */
export const DEMO_CARS: readonly [string, string, readonly (readonly [string, string, number])[]][] = [
  ['BYD', 'بي واي دي', [['Atto 3', 'أتو ٣', 60], ['Dolphin', 'دولفين', 44], ['Seal', 'سيل', 82]]],
  ['MG', 'إم جي', [['MG4', 'إم جي ٤', 64], ['ZS EV', 'زد إس كهرباء', 51]]],
  ['Nissan', 'نيسان', [['Leaf', 'ليف', 40]]],
  ['Hyundai', 'هيونداي', [['Kona Electric', 'كونا الكهربائية', 64], ['Ioniq 5', 'أيونيك ٥', 77]]],
  ['Kia', 'كيا', [['EV6', 'إي في ٦', 77]]],
  ['Tesla', 'تسلا', [['Model 3', 'موديل ٣', 60], ['Model Y', 'موديل واي', 75]]],
  ['BMW', 'بي إم دبليو', [['iX3', 'آي إكس ٣', 74], ['i4 eDrive40', 'آي ٤ إي درايف ٤٠', 81]]],
  ['Mercedes-Benz', 'مرسيدس بنز', [['EQA', 'إي كيو إيه', 67], ['EQS', 'إي كيو إس', 108]]],
  ['Volkswagen', 'فولكس فاجن', [['ID.4', 'آي دي ٤', 77]]],
  ['Chery', 'شيري', [['eQ1', 'إي كيو ١', 38]]],
];

/** Battery ranges (master data): [id, name en, name ar, value]. */
export const DEMO_BATTERY_RANGES: readonly (readonly [string, string, string, string])[] = [
  ['battery-lt-40', 'Below 40 kWh', 'أقل من ٤٠ كيلوواط ساعة', '0-40'],
  ['battery-40-60', '40 to 60 kWh', 'من ٤٠ إلى ٦٠ كيلوواط ساعة', '40-60'],
  ['battery-60-80', '60 to 80 kWh', 'من ٦٠ إلى ٨٠ كيلوواط ساعة', '60-80'],
  ['battery-gt-80', 'Above 80 kWh', 'أكثر من ٨٠ كيلوواط ساعة', '80-200'],
];

/** Prices in piastres: Egypt's published 2022 tariffs (AC EGP 1.89, DC EGP 3.75 per kWh). */
export const DEMO_PRICING = { acPricePerKwh: 189, dcPricePerKwh: 375, minimumCharge: 2000, bookingFeePerMinute: 50 } as const;
