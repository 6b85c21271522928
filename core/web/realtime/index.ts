export { createRealtimeClient, MqttRealtimeClient } from './client';
export type { ControlledRealtimeClient, MqttFactory, RealtimeClientOptions } from './client';
export { realtimeUrl, REALTIME_PATH } from './realtime-url';
