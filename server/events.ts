import { EventEmitter } from 'node:events';
import type { SandboxEventName, SandboxEvents } from './contract/events.js';

/** A typed, in-process event bus (one per sandbox). */
export function createEventBus() {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    emit<K extends SandboxEventName>(name: K, payload: SandboxEvents[K]): void {
      emitter.emit(name, payload);
      emitter.emit('*', name, payload);
    },
    on<K extends SandboxEventName>(name: K, fn: (payload: SandboxEvents[K]) => void): () => void {
      emitter.on(name, fn);
      return () => emitter.off(name, fn);
    },
    onAny(fn: (name: SandboxEventName, payload: SandboxEvents[SandboxEventName]) => void): () => void {
      emitter.on('*', fn);
      return () => emitter.off('*', fn);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
