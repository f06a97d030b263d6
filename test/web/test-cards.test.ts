// The test cards a merchant or a customer is shown, against the ones test mode's simulator knows:
// the payment sheet's table (as the server serves it), the README's and the API reference's.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { TEST_CARDS } from '../../server/src/domain/processor/test-cards.ts';
import { root } from '../support/packages.ts';
import { createIntent } from '../support/payments.ts';
import { startTestService, type TestService } from '../support/service.ts';

const simulated = () => Object.keys(TEST_CARDS).sort();
/** The digits of every backquoted card number in a markdown table's first column. */
const tableCards = (markdown: string) => [...markdown.matchAll(/^\| `([\d ]{12,})` \|/gm)].map((m) => m[1]!.replace(/ /g, '')).sort();

describe('the test cards', function () {
  this.timeout(30_000);
  let svc: TestService;

  before(async () => {
    svc = await startTestService('test_cards');
  });
  after(() => svc?.stop());

  it('the payment sheet offers every card the simulator knows, each with what it does', async () => {
    const shop = await svc.createMerchant('Adire & Co');
    const intent = await createIntent(svc, shop.testKey);
    const page = await fetch(`${svc.url}/pay/${intent.client_secret}`);
    expect(page.status).to.equal(200);
    const html = await page.text();
    const rows = [...html.matchAll(/<tr>\s*<td><button type="button" class="test-card" data-number="(\d+)"[^>]*>([\d ]+)<\/button><\/td>\s*<td>(.+?)<\/td>\s*<\/tr>/g)];
    expect(rows.map((row) => row[1]).sort()).to.deep.equal(simulated());
    for (const [, digits, shown, result] of rows) {
      expect(shown!.replace(/ /g, ''), 'the number shown is the one filled in').to.equal(digits);
      expect(result!.trim(), digits).to.not.equal('');
    }
    expect(html, 'the OTP card says which code to enter').to.include('<strong>123456</strong>');
  });

  it("the README's table and the API reference's list the same cards", () => {
    const readme = readFileSync(`${root}README.md`, 'utf8');
    expect(tableCards(readme)).to.deep.equal(simulated());
    const contract = parse(readFileSync(`${root}openapi.yaml`, 'utf8'));
    expect(tableCards(contract.paths['/v1/payment_intents/{id}/confirm'].post.description)).to.deep.equal(simulated());
  });
});
