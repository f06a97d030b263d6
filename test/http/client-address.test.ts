import { expect } from 'chai';
import { clientKey } from '../../server/src/http/client-address.ts';

describe('the client key every per-client limit counts by', () => {
  it('is the address itself for IPv4, however it is written', () => {
    expect(clientKey('203.0.113.5')).to.equal('203.0.113.5');
    expect(clientKey('::ffff:203.0.113.5')).to.equal('203.0.113.5');
    expect(clientKey('::FFFF:203.0.113.5')).to.equal('203.0.113.5');
  });

  it('is the /64 for IPv6, in every spelling of the address', () => {
    const same = ['2001:db8:aa:1::1', '2001:0db8:00aa:0001:0:0:0:2', '2001:DB8:AA:1:ffff:ffff:ffff:ffff', '2001:db8:aa:1::1.2.3.4'];
    for (const address of same) expect(clientKey(address), address).to.equal('2001:db8:aa:1::/64');
    expect(clientKey('2001:db8:aa:2::1')).to.equal('2001:db8:aa:2::/64');
    expect(clientKey('::1')).to.equal('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).to.equal('fe80:0:0:0::/64');
    expect(clientKey('2001:db8::')).to.equal('2001:db8:0:0::/64');
  });

  it('names a request without an address "unknown"', () => {
    expect(clientKey(undefined)).to.equal('unknown');
  });
});
