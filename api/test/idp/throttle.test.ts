// The sign-in throttle's rules and the password-hashing queue, piece by piece. The attacks they
// stop are proven over HTTP in test/security/login-attacks.test.ts; here, the numbers: which
// attempt waits how long, what an IPv6 client is counted as, and the queue's bound.
import { BUSY, HashQueue } from '../../src/idp/passwords';
import { ADDRESS_POLICY, addressKey, decide, keysFor, PAIR_POLICY, USER_POLICY, waitSeconds, type KeyState } from '../../src/idp/throttle';

const fresh: KeyState = { failures: 0, elapsed: 0, nextCheckIn: null };
const failed = (failures: number, elapsed = 0, nextCheckIn: number | null = null): KeyState => ({ failures, elapsed, nextCheckIn });

describe('waits', () => {
  it('lets the free failures through, then waits 1 minute, doubling up to 15 minutes', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 30].map((n) => waitSeconds(n, PAIR_POLICY))).toEqual([0, 60, 120, 240, 480, 900, 900, 900]);
    expect(waitSeconds(19, ADDRESS_POLICY)).toBe(0);
    expect(waitSeconds(20, ADDRESS_POLICY)).toBe(60);
  });

  it('refuses an address at a username past 5 failures, and any address past 20, until the wait is over', () => {
    expect(decide({ pair: failed(4), address: failed(4), user: failed(4) })).toEqual({ allowed: true, delaySeconds: 0, nextCheckIn: null });
    expect(decide({ pair: failed(5, 10), address: failed(5), user: failed(5) })).toEqual({ allowed: false, waitSeconds: 50 });
    expect(decide({ pair: failed(5, 61), address: failed(5), user: failed(5) })).toMatchObject({ allowed: true });
    expect(decide({ pair: fresh, address: failed(20, 0.5), user: fresh })).toEqual({ allowed: false, waitSeconds: 60 });
  });

  it('past 10 failures from anywhere, spaces the username’s checks 5 s apart instead of refusing them', () => {
    expect(USER_POLICY).toEqual({ free: 10, spacingSeconds: 5, maxHoldSeconds: 15 });
    // The first one past the limit goes at once and books the next turn 5 s later.
    expect(decide({ pair: fresh, address: fresh, user: failed(10) })).toEqual({ allowed: true, delaySeconds: 0, nextCheckIn: 5 });
    // The next one, 1 s later, waits 4 s for that turn.
    expect(decide({ pair: fresh, address: fresh, user: failed(11, 1, 4) })).toEqual({ allowed: true, delaySeconds: 4, nextCheckIn: 9 });
    // Turns more than 15 s away are not waited for: told to come back.
    expect(decide({ pair: fresh, address: fresh, user: failed(14, 0, 17.2) })).toEqual({ allowed: false, waitSeconds: 3 });
    // A locked address is refused whatever the username's turn.
    expect(decide({ pair: failed(5), address: fresh, user: failed(12, 0, 2) })).toMatchObject({ allowed: false });
  });
});

describe('keys', () => {
  it('counts per username at an address, per address and per username', () => {
    expect(keysFor('admin', '192.0.2.7')).toEqual({ pair: 'pair:192.0.2.7|admin', address: 'ip:192.0.2.7', user: 'user:admin' });
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });
});

describe('hash queue', () => {
  it('runs at most `running` tasks at once, queues `waiting` more and turns the rest away without running them', async () => {
    const queue = new HashQueue(2, 3);
    let active = 0;
    let most = 0;
    let started = 0;
    const releases: Array<() => void> = [];
    const task = () => {
      started++;
      active++;
      most = Math.max(most, active);
      return new Promise<string>((resolve) =>
        releases.push(() => {
          active--;
          resolve('hecho');
        }),
      );
    };
    const results = Array.from({ length: 8 }, () => queue.run(task));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(2);
    expect(queue.full).toBe(true);
    expect(await Promise.all(results.slice(5))).toEqual([BUSY, BUSY, BUSY]);
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results.slice(0, 5))).toEqual(Array(5).fill('hecho'));
    expect(started).toBe(5);
    expect(most).toBe(2);
    expect(queue.full).toBe(false);
  });

  it('frees its place when a task fails', async () => {
    const queue = new HashQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('falla')))).rejects.toThrow('falla');
    expect(await queue.run(async () => 'sigue')).toBe('sigue');
  });
});
