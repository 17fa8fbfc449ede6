import { sandboxCheckoutPath, type SandboxChoice } from './sandbox-provider';

const TEXT = {
  en: {
    title: 'Sandbox payment',
    note: 'Test checkout: no card is charged. Choose how this payment ends.',
    amount: 'Amount',
    pay: 'Pay',
    cancel: 'Cancel',
    fail: 'Fail',
    done: 'This payment has already ended.',
    back: 'Back to the wallet',
  },
  ar: {
    title: 'دفع تجريبي',
    note: 'صفحة دفع تجريبية: لن تُخصم أي بطاقة. اختر كيف تنتهي هذه العملية.',
    amount: 'المبلغ',
    pay: 'ادفع',
    cancel: 'إلغاء',
    fail: 'فشل',
    done: 'انتهت هذه العملية بالفعل.',
    back: 'العودة إلى المحفظة',
  },
} as const;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "50.00 EGP" / "٥٠٫٠٠ ج.م." from piastres. */
export function formatEgp(piastres: number, lang: 'en' | 'ar'): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-EG' : 'en-EG', { style: 'currency', currency: 'EGP', minimumFractionDigits: 2 }).format(
    piastres / 100,
  );
}

const BUTTONS: { choice: SandboxChoice; colour: string }[] = [
  { choice: 'pay', colour: '#0a7d3b' },
  { choice: 'cancel', colour: '#5b6470' },
  { choice: 'fail', colour: '#b3261e' },
];

/** The sandbox checkout page: self-contained (inline style, no scripts, no external assets), English or Arabic. */
export function renderSandboxCheckout(page: {
  paymentId: string;
  token: string;
  amountPiastres: number;
  lang: 'en' | 'ar';
  open: boolean;
}): string {
  const t = TEXT[page.lang];
  const action = escape(`${sandboxCheckoutPath(page.paymentId)}?lang=${page.lang}&t=${encodeURIComponent(page.token)}`);
  const buttons = BUTTONS.map(
    (b) => `<button type="submit" name="choice" value="${b.choice}" style="background:${b.colour}">${t[b.choice]}</button>`,
  ).join('\n        ');
  const body = page.open
    ? `<form method="post" action="${action}" enctype="multipart/form-data">
        ${buttons}
      </form>`
    : `<p>${t.done}</p><p><a href="/wallet?payment=${escape(page.paymentId)}">${t.back}</a></p>`;
  return `<!doctype html>
<html lang="${page.lang}" dir="${page.lang === 'ar' ? 'rtl' : 'ltr'}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${t.title}</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #f4f6f8; margin: 0; display: grid; place-items: center; min-height: 100vh; }
      main { background: #fff; border-radius: 12px; padding: 2rem; max-width: 26rem; width: calc(100% - 2rem); box-shadow: 0 2px 12px rgba(0,0,0,.08); }
      .amount { font-size: 2rem; font-weight: 700; margin: .25rem 0 1.5rem; }
      form { display: flex; gap: .75rem; flex-wrap: wrap; }
      button { flex: 1; border: 0; border-radius: 8px; color: #fff; font-size: 1rem; padding: .8rem 1rem; cursor: pointer; }
    </style>
  </head>
  <body>
    <main>
      <h1>${t.title}</h1>
      <p>${t.note}</p>
      <div>${t.amount}</div>
      <div class="amount" data-testid="amount">${escape(formatEgp(page.amountPiastres, page.lang))}</div>
      ${body}
    </main>
  </body>
</html>
`;
}
