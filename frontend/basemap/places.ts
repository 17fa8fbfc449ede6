/**
 * Hand-placed features of the offline basemap (coordinates [lat, lng], WGS84, to about a kilometre): the Nile with its
 * two Delta branches and Lake Nasser's axis, the Suez Canal, the 27 governorates' names (keyed by the extract's ids),
 * and the main cities. Sources: public coordinates of the places named; good enough for a map at country scale.
 */
export type LatLng = readonly [number, number];

/** The Nile from the Sudanese border (through Lake Nasser) to the Delta's apex, then its Rosetta and Damietta branches. */
export const NILE: readonly (readonly LatLng[])[] = [
  [
    [22.0, 31.36], [22.25, 31.55], [22.6, 31.85], [22.95, 32.25], [23.35, 32.58], [23.7, 32.84], [23.97, 32.88],
    [24.09, 32.9], [24.47, 32.95], [24.98, 32.88], [25.29, 32.55], [25.69, 32.64], [25.91, 32.76], [26.16, 32.72],
    [26.12, 32.45], [26.05, 32.25], [26.2, 32.0], [26.34, 31.89], [26.56, 31.7], [26.77, 31.5], [27.0, 31.32],
    [27.18, 31.18], [27.31, 30.97], [27.73, 30.84], [28.1, 30.75], [28.4, 30.8], [28.65, 30.85], [29.07, 31.1],
    [29.34, 31.21], [29.6, 31.25], [29.85, 31.3], [30.05, 31.23], [30.19, 31.13],
  ],
  [[30.19, 31.13], [30.35, 30.98], [30.6, 30.86], [30.82, 30.81], [31.05, 30.58], [31.2, 30.5], [31.4, 30.37], [31.47, 30.36]],
  [[30.19, 31.13], [30.46, 31.18], [30.72, 31.25], [31.04, 31.38], [31.25, 31.6], [31.42, 31.81], [31.52, 31.84]],
];

/** The Suez Canal, Suez to Port Said through Lake Timsah and the Bitter Lakes. */
export const CANAL: readonly LatLng[] = [[29.93, 32.56], [30.2, 32.48], [30.35, 32.38], [30.58, 32.29], [30.85, 32.32], [31.26, 32.31]];

/** Governorates: the extract's id → ISO 3166-2 code and names (as the seeded governorates have them). */
export const GOVERNORATES: Readonly<Record<string, { iso: string; en: string; ar: string }>> = {
  'EG.QH': { iso: 'EG-C', en: 'Cairo', ar: 'القاهرة' },
  'EG.JZ': { iso: 'EG-GZ', en: 'Giza', ar: 'الجيزة' },
  'EG.IK': { iso: 'EG-ALX', en: 'Alexandria', ar: 'الإسكندرية' },
  'EG.QL': { iso: 'EG-KB', en: 'Qalyubia', ar: 'القليوبية' },
  'EG.DQ': { iso: 'EG-DK', en: 'Dakahlia', ar: 'الدقهلية' },
  'EG.SQ': { iso: 'EG-SHR', en: 'Sharqia', ar: 'الشرقية' },
  'EG.GH': { iso: 'EG-GH', en: 'Gharbia', ar: 'الغربية' },
  'EG.MF': { iso: 'EG-MNF', en: 'Monufia', ar: 'المنوفية' },
  'EG.BH': { iso: 'EG-BH', en: 'Beheira', ar: 'البحيرة' },
  'EG.KS': { iso: 'EG-KFS', en: 'Kafr El Sheikh', ar: 'كفر الشيخ' },
  'EG.DT': { iso: 'EG-DT', en: 'Damietta', ar: 'دمياط' },
  'EG.BS': { iso: 'EG-PTS', en: 'Port Said', ar: 'بورسعيد' },
  'EG.IS': { iso: 'EG-IS', en: 'Ismailia', ar: 'الإسماعيلية' },
  'EG.SW': { iso: 'EG-SUZ', en: 'Suez', ar: 'السويس' },
  'EG.FY': { iso: 'EG-FYM', en: 'Faiyum', ar: 'الفيوم' },
  'EG.BN': { iso: 'EG-BNS', en: 'Beni Suef', ar: 'بني سويف' },
  'EG.MN': { iso: 'EG-MN', en: 'Minya', ar: 'المنيا' },
  'EG.AT': { iso: 'EG-AST', en: 'Asyut', ar: 'أسيوط' },
  'EG.SJ': { iso: 'EG-SHG', en: 'Sohag', ar: 'سوهاج' },
  'EG.QN': { iso: 'EG-KN', en: 'Qena', ar: 'قنا' },
  'EG.UQ': { iso: 'EG-LX', en: 'Luxor', ar: 'الأقصر' },
  'EG.AN': { iso: 'EG-ASN', en: 'Aswan', ar: 'أسوان' },
  'EG.BA': { iso: 'EG-BA', en: 'Red Sea', ar: 'البحر الأحمر' },
  'EG.MT': { iso: 'EG-MT', en: 'Matrouh', ar: 'مطروح' },
  'EG.WJ': { iso: 'EG-WAD', en: 'New Valley', ar: 'الوادي الجديد' },
  'EG.SS': { iso: 'EG-SIN', en: 'North Sinai', ar: 'شمال سيناء' },
  'EG.JS': { iso: 'EG-JS', en: 'South Sinai', ar: 'جنوب سيناء' },
};

/** Main cities: [en, ar, lat, lng, rank] — rank 1 shows from country scale, rank 2 once zoomed in. */
export const CITIES: readonly (readonly [string, string, number, number, 1 | 2])[] = [
  ['Cairo', 'القاهرة', 30.0444, 31.2357, 1],
  ['Alexandria', 'الإسكندرية', 31.2001, 29.9187, 1],
  ['Giza', 'الجيزة', 30.0131, 31.2089, 2],
  ['Port Said', 'بورسعيد', 31.2653, 32.3019, 1],
  ['Suez', 'السويس', 29.9668, 32.5498, 2],
  ['Ismailia', 'الإسماعيلية', 30.5965, 32.2715, 2],
  ['Mansoura', 'المنصورة', 31.0409, 31.3785, 2],
  ['Tanta', 'طنطا', 30.7865, 31.0004, 2],
  ['Zagazig', 'الزقازيق', 30.5877, 31.502, 2],
  ['Damanhur', 'دمنهور', 31.0341, 30.4682, 2],
  ['Banha', 'بنها', 30.466, 31.1848, 2],
  ['Shibin El Kom', 'شبين الكوم', 30.559, 31.01, 2],
  ['Kafr El Sheikh', 'كفر الشيخ', 31.1107, 30.9388, 2],
  ['Damietta', 'دمياط', 31.4165, 31.8133, 2],
  ['Faiyum', 'الفيوم', 29.3084, 30.8428, 2],
  ['Beni Suef', 'بني سويف', 29.0661, 31.0994, 2],
  ['Minya', 'المنيا', 28.0871, 30.7618, 2],
  ['Asyut', 'أسيوط', 27.1783, 31.1859, 1],
  ['Sohag', 'سوهاج', 26.5591, 31.6957, 2],
  ['Qena', 'قنا', 26.1551, 32.716, 2],
  ['Luxor', 'الأقصر', 25.6872, 32.6396, 1],
  ['Aswan', 'أسوان', 24.0889, 32.8998, 1],
  ['Hurghada', 'الغردقة', 27.2579, 33.8116, 1],
  ['Marsa Matruh', 'مرسى مطروح', 31.3543, 27.2373, 1],
  ['El Alamein', 'العلمين', 30.8303, 28.9551, 2],
  ['Siwa', 'سيوة', 29.2032, 25.5195, 2],
  ['Kharga', 'الخارجة', 25.439, 30.5586, 1],
  ['Arish', 'العريش', 31.1316, 33.7984, 1],
  ['El Tor', 'الطور', 28.2417, 33.6222, 2],
  ['Sharm El Sheikh', 'شرم الشيخ', 27.9158, 34.3299, 1],
];
