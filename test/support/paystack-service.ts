// A test service whose live processor is the local fake of Paystack: quick to give up on a
// Paystack answer (1 s) and to ask about a pending charge (200 ms), with the fake's webhooks
// pointed at it. `env` adds to these or overrides them.
import { paystackEnv, type PaystackFake } from './paystack-fake.ts';
import { startTestService, type TestService } from './service.ts';

export async function startPaystackService(label: string, fake: PaystackFake, env: Record<string, string> = {}): Promise<TestService> {
  const svc = await startTestService(label, { ...paystackEnv(fake), PAYSTACK_TIMEOUT_MS: '1000', PROCESSOR_CHECK_DELAY_MS: '200', ...env });
  fake.webhookUrl = `${svc.url}/processor_webhooks/paystack`;
  return svc;
}
