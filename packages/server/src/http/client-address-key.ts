import { isIPv6 } from 'node:net';

/**
 * The key a client address is counted under: an IPv4 address itself (also when IPv4-mapped), an
 * IPv6 address by its /64, the block one host or one home gets.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  const bare = address.split('%')[0] ?? address;
  if (!isIPv6(bare)) return address;
  const groups = (text: string) =>
    text === ''
      ? []
      : text.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const [head = '', tail] = bare.split('::');
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const full = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
