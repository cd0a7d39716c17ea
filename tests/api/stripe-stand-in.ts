/**
 * A local stand-in for the few Stripe endpoints the app calls (create a Checkout Session, create a refund), so the
 * official SDK runs unchanged against loopback. It answers as Stripe does and keeps every request for assertions.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type StandInRequest = {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
};

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startStripeStandIn() {
  const requests: StandInRequest[] = [];
  /** Set to make the next refunds fail as Stripe would (e.g. the charge was already refunded there). */
  const state = { refuseRefunds: false };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const path = (req.url ?? '').split('?')[0]!;
      const key = req.headers['idempotency-key'];
      requests.push({
        method: req.method ?? '',
        path,
        params,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = rid('cs_test');
        return send(200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: params.client_reference_id ?? null,
          payment_intent: null,
          currency: params['line_items[0][price_data][currency]'],
          amount_total: Number(params['line_items[0][price_data][unit_amount]']),
          metadata: { paymentId: params['metadata[paymentId]'], orderId: params['metadata[orderId]'] },
        });
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        if (state.refuseRefunds)
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge has already been refunded.',
            },
          });
        return send(200, {
          id: rid('re'),
          object: 'refund',
          amount: Number(params.amount),
          payment_intent: params.payment_intent,
          status: 'succeeded',
        });
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe event as its webhook delivers it, with a valid (or, given another secret, a forged) signature header. */
export function signedEvent(secret: string, type: string, object: Record<string, unknown>, id = rid('evt')) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const header = new Stripe('sk_test_header_only').webhooks.generateTestHeaderString({ payload, secret });
  return { id, payload, header };
}
