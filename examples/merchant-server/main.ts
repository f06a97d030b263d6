// Runs the example shop from the environment:
//
//   NAIRAFLOW_SECRET_KEY=sk_test_... NAIRAFLOW_WEBHOOK_SECRET=whsec_... npx node examples/merchant-server/main.ts
//
// See README.md in this folder for the whole walk-through against `npm start`.
import { createShop } from './shop.ts';

function required(name: string, hint: string): string {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') {
    console.error(`merchant-server: ${name} is not set (${hint})`);
    process.exit(1);
  }
  return value.trim();
}

const secretKey = required('NAIRAFLOW_SECRET_KEY', 'your sk_test_ key, from the banner of `npm start`');
// A comma-separated pair during a secret roll: new first, then old.
const webhookSecret = required('NAIRAFLOW_WEBHOOK_SECRET', 'the whsec_ secret from PUT /v1/webhook_endpoint').split(',').map((s) => s.trim());
const baseUrl = process.env['NAIRAFLOW_BASE_URL']?.trim() || 'http://127.0.0.1:3000';
const port = Number(process.env['PORT'] ?? 4000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`merchant-server: PORT must be a port number, got ${process.env['PORT']}`);
  process.exit(1);
}

const shop = createShop({ secretKey, baseUrl, webhookSecret });
const url = await shop.listen(port, process.env['HOST'] ?? '127.0.0.1');
console.log(`[shop] listening on ${url} (Nairaflow API: ${baseUrl})`);
console.log(`[shop] webhook endpoint: ${url}/webhooks/nairaflow`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void shop.close().then(() => process.exit(0));
  });
}
