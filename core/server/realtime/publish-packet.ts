/**
 * Encodes an MQTT 3.1/3.1.1 PUBLISH packet with QoS 0 and no retain flag: fixed header 0x30, the remaining
 * length as a variable-length integer, the topic as a length-prefixed UTF-8 string, then the payload.
 * The broker frames each outgoing message once with it and writes the same bytes to every subscriber.
 */
export function encodePublishPacket(topic: string, payload: string): Buffer {
  const topicBytes = Buffer.byteLength(topic, 'utf8');
  if (topicBytes > 0xffff) throw new RangeError('MQTT topic longer than 65535 bytes');
  const payloadBytes = Buffer.byteLength(payload, 'utf8');
  const remaining = 2 + topicBytes + payloadBytes;
  if (remaining > MAX_REMAINING_LENGTH) throw new RangeError('MQTT packet larger than 256 MB');

  const headerBytes = 1 + remainingLengthSize(remaining);
  const packet = Buffer.allocUnsafe(headerBytes + remaining);
  packet[0] = 0x30;
  let offset = 1;
  let rest = remaining;
  do {
    let digit = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) digit |= 0x80;
    packet[offset++] = digit;
  } while (rest > 0);
  packet.writeUInt16BE(topicBytes, offset);
  offset += 2;
  offset += packet.write(topic, offset, 'utf8');
  packet.write(payload, offset, 'utf8');
  return packet;
}

const MAX_REMAINING_LENGTH = 268_435_455;

function remainingLengthSize(length: number): number {
  if (length < 128) return 1;
  if (length < 16_384) return 2;
  if (length < 2_097_152) return 3;
  return 4;
}
