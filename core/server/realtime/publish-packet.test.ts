import { describe, expect, it } from 'vitest';
import { encodePublishPacket } from './publish-packet';

/** Reads back a QoS 0 PUBLISH the way an MQTT client parses it. */
function decode(packet: Buffer): { type: number; flags: number; topic: string; payload: string; length: number } {
  let multiplier = 1;
  let remaining = 0;
  let offset = 1;
  let digit: number;
  do {
    digit = packet[offset++];
    remaining += (digit & 0x7f) * multiplier;
    multiplier *= 128;
  } while (digit & 0x80);
  const topicLength = packet.readUInt16BE(offset);
  const topic = packet.toString('utf8', offset + 2, offset + 2 + topicLength);
  const payload = packet.toString('utf8', offset + 2 + topicLength);
  return { type: packet[0] >> 4, flags: packet[0] & 0x0f, topic, payload, length: offset + remaining };
}

describe('encodePublishPacket', () => {
  it('encodes a small QoS 0 PUBLISH byte for byte', () => {
    expect([...encodePublishPacket('ab', '{}')]).toEqual([0x30, 6, 0, 2, 0x61, 0x62, 0x7b, 0x7d]);
  });

  it.each([0, 1, 121, 122, 123, 16_000, 16_378, 16_379, 2_100_000])(
    'round-trips a payload of %i bytes across remaining-length boundaries',
    (size) => {
      const payload = 'x'.repeat(size);
      const packet = encodePublishPacket('index', payload);
      const decoded = decode(packet);
      expect(decoded).toMatchObject({ type: 3, flags: 0, topic: 'index', payload });
      expect(decoded.length).toBe(packet.length);
    },
  );

  it('counts multi-byte UTF-8 in topic and payload', () => {
    const decoded = decode(encodePublishPacket('市场_€', '{"name":"比特币"}'));
    expect(decoded.topic).toBe('市场_€');
    expect(decoded.payload).toBe('{"name":"比特币"}');
  });

  it('refuses a topic longer than the 16-bit length field', () => {
    expect(() => encodePublishPacket('t'.repeat(70_000), '{}')).toThrow(RangeError);
  });
});
