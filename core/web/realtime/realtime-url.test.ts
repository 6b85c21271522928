import { describe, expect, it } from 'vitest';
import { realtimeUrl } from './realtime-url';

describe('realtimeUrl', () => {
  it('uses wss on https and keeps host and port', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'trade.example.com' })).toBe('wss://trade.example.com/mqtt');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/mqtt');
  });
});
