import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { operations } from '@evc/contracts';
import { z } from 'zod';
import type { EventStore } from '@evc/platform';
import { ApiException, parseInput } from '@evc/platform/http/api-exception';
import { boundaryOf, parseMultipart } from '@evc/platform/http/multipart';
import { renderSandboxCheckout, type PaymentsSetup, type SandboxChoice } from '@evc/platform/payments/index';
import { header, type RequestLike } from '../shared/http/request-context';
import { EVENT_STORE } from '../shared/tokens';
import { loadPayment } from './load-payment';
import { PaymentCallbacks } from './payment-callbacks';
import { PAYMENTS } from './payments.tokens';

interface Reply {
  header(name: string, value: string): Reply;
  status(code: number): Reply;
  send(body?: unknown): void;
}

const choiceSchema = z.object({ choice: z.enum(['pay', 'cancel', 'fail']) });
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Where the payer lands after a checkout: the wallet page, which asks for the payment's state. */
export const walletReturnPath = (paymentId: string | null) =>
  paymentId && uuid.test(paymentId) ? `/wallet?payment=${paymentId}` : '/wallet';

const seeOther = (reply: Reply, location: string) =>
  reply.status(303).header('location', location).header('cache-control', 'no-store').send();

/** The sandbox form posts multipart/form-data (the only form encoding the API parses besides JSON). */
function choiceOf(body: unknown, contentType: string | undefined): SandboxChoice {
  const boundary = boundaryOf(contentType);
  const parts = boundary && Buffer.isBuffer(body) ? parseMultipart(body, boundary) : null;
  const raw = parts ? { choice: parts.find((p) => p.name === 'choice')?.data.toString('utf8') } : body;
  return parseInput(choiceSchema, raw).choice;
}

/** Provider callbacks and the payer's return (public: trusted only through the signature), and the sandbox checkout. */
@Controller('api/payments')
export class PaymentsController {
  constructor(
    @Inject(PAYMENTS) private readonly payments: PaymentsSetup | null,
    @Inject(PaymentCallbacks) private readonly callbacks: PaymentCallbacks,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Post('paymob/callback')
  @HttpCode(200)
  paymobCallback(@Body() body: unknown, @Query() query: Record<string, unknown>, @Req() req: RequestLike) {
    const provider = this.provider('paymob');
    return this.callbacks.handle(provider.verifyCallback({ query, body, headers: req.headers }), 'paymob');
  }

  @Get('paymob/return')
  async paymobReturn(@Query() query: Record<string, unknown>, @Req() req: RequestLike, @Res() reply: Reply) {
    const provider = this.provider('paymob');
    const verified = provider.verifyCallback({ query, body: undefined, headers: req.headers });
    await this.callbacks.handle(verified, 'paymob');
    seeOther(reply, walletReturnPath(verified?.paymentId ?? null));
  }

  @Get('sandbox/:paymentId')
  async sandboxCheckout(@Param() params: unknown, @Query('lang') lang: unknown, @Query('t') token: unknown, @Res() reply: Reply) {
    const { paymentId, initiated, outcome } = await this.sandboxPayment(params, token);
    // Open until paid or canceled: a declined payer may try again on the same payment, as with Paymob.
    const html = renderSandboxCheckout({
      paymentId,
      token: String(token),
      amountPiastres: initiated.amount,
      lang: lang === 'ar' ? 'ar' : 'en',
      open: outcome === null || outcome === 'failed',
    });
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .header('x-content-type-options', 'nosniff')
      .status(200)
      .send(html);
  }

  @Post('sandbox/:paymentId')
  async sandboxComplete(
    @Param() params: unknown,
    @Query('t') token: unknown,
    @Body() body: unknown,
    @Req() req: RequestLike,
    @Res() reply: Reply,
  ) {
    const { paymentId, initiated } = await this.sandboxPayment(params, token);
    const choice = choiceOf(body, header(req, 'content-type'));
    const sandbox = this.payments!.sandbox!;
    // Signed like a provider's callback and verified on the same path: nothing here bypasses the signature check.
    await this.callbacks.handle(sandbox.verifyCallback(sandbox.signedCallback(paymentId, initiated.amount, choice)), 'sandbox');
    seeOther(reply, walletReturnPath(paymentId));
  }

  private provider(name: 'paymob') {
    if (this.payments?.provider.name !== name) throw new ApiException('not_found', 'This payment provider is not in use');
    return this.payments.provider;
  }

  /** The sandbox payment, for the holder of its checkout capability only (else: as if it did not exist). */
  private async sandboxPayment(params: unknown, token: unknown) {
    if (!this.payments?.sandbox) throw new ApiException('not_found', 'The sandbox provider is not in use');
    const { paymentId } = parseInput(operations['payments.sandbox-checkout'].params, params);
    if (!this.payments.sandbox.checkoutTokenMatches(paymentId, token))
      throw new ApiException('payments.payment_not_found', 'No such payment');
    const payment = await loadPayment(this.store, paymentId);
    if (!payment.initiated || payment.initiated.provider !== 'sandbox')
      throw new ApiException('payments.payment_not_found', 'No such payment');
    return { paymentId, initiated: payment.initiated, outcome: payment.outcome };
  }
}
