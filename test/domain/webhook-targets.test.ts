import { expect } from 'chai';
import { isForbiddenAddress, urlProblem } from '../../server/src/domain/webhook-targets.ts';

describe('where live webhooks may go', () => {
  it('allows public IPv4 and IPv6 addresses, however they are spelled', () => {
    for (const address of ['1.1.1.1', '8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '::ffff:808:808']) {
      expect(isForbiddenAddress(address), address).to.equal(false);
    }
  });

  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and translated addresses', () => {
    for (const address of [
      '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1',
      '100.127.255.254', '0.0.0.0', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1',
      '::', '::1', '::7f00:1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a00:1', 'fc00::1', 'fd12:3456::1', 'fe80::1',
      'ff02::1', '64:ff9b::7f00:1', '64:ff9b:1::1', '2002:7f00:1::', '2001:db8::1', 'not-an-address',
    ]) {
      expect(isForbiddenAddress(address), address).to.equal(true);
    }
  });

  it('sees through every spelling of an IPv4 literal in a URL', () => {
    for (const url of ['https://2130706433/', 'https://0x7f.1/', 'https://0177.0.0.1/', 'https://127.1/', 'https://[::127.0.0.1]/', 'https://[::ffff:127.0.0.1]/']) {
      expect(urlProblem(url, { allowInsecure: false }), url).to.match(/public address/);
    }
    expect(urlProblem('https://hooks.example.com/x', { allowInsecure: false })).to.equal(null);
    expect(urlProblem('http://127.0.0.1:4000/x', { allowInsecure: true }), 'test mode with WEBHOOK_ALLOW_INSECURE').to.equal(null);
  });
});
