// The scanner that checks the test run's own log for secrets finds each kind, however encoded.
import { expect } from 'chai';
import { findSecrets } from '../support/secret-scan.ts';

describe('the log scan for secrets', () => {
  const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: 1795489053785, pid: 123456, ...fields });

  it('finds secret keys, client secrets, signing secrets, card numbers, OTPs and PINs, and masks them in its report', () => {
    const log = [
      line({ msg: 'request', url: '/v1/x?key=sk_live_abcdefghijklmnopqrstuvwxyz012345' }),
      line({ msg: 'request', url: '/pay/pi_abcdefghijklmnopqrstuvwx%5Fsecret%5Fabcdefghijklmnopqrstuvwx' }),
      line({ msg: 'x', secret: 'whsec_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345' }),
      line({ msg: 'x', card: '4084 0840 8408 4081' }),
      line({ msg: 'x', body: '{"otp":"123456"}' }),
      line({ msg: 'x', url: '/otp?otp=654321' }),
      line({ msg: 'x', body: '{"client_secret":"x","pin":"1234"}' }),
    ].join('\n');
    const found = findSecrets(log);
    expect(found.map((f) => [f.kind, f.line])).to.deep.equal([
      ['secret key', 1],
      ['client secret', 2],
      ['signing secret', 3],
      ['card number', 4],
      ['one-time code', 5],
      ['one-time code', 6],
      ['card PIN', 7],
    ]);
    expect(found[0]!.masked).to.equal(`sk_liv${'*'.repeat(34)}`);
  });

  it('finds nothing in an ordinary log: ids, redacted secrets, times and pids are not secrets', () => {
    const log = [
      line({ msg: 'request', request_id: 'req_Oc5FEYxW49QAscQJa8ROUl0O', url: '/pay/[redacted]', status: 200, ms: 12.5 }),
      line({ msg: 'request', url: '/v1/payment_intents/pi_3kTqW8fLp2ZxM0cQv7RbN1yD/checkout?client_secret=[redacted]' }),
      line({ msg: 'x', key: 'sk_test_[redacted]', amount: 250000 }),
      line({ msg: 'x', event: 'evt_123456789012345678901234' }),
      line({ msg: 'database migrated', migrations: ['Migration20261124050000_attempt_client'] }),
    ].join('\n');
    expect(findSecrets(log)).to.deep.equal([]);
  });
});
